import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import type { FundWalletOptions, FundWalletParameters } from './fundingRequest.js'
import { fundingTexts } from './fundingTexts.js'
import type { FundingPluginOptions, FundWalletResult } from './fundingTypes.js'

const ops = { fundWallet: () => import('./fundWallet.js'), prompt: () => import('./promptOnCreation.js') }

/**
 * The funding hub: `plugins={[…, embeddedWallet(), funding(), fundingMoonpay()]}`. Holds `fundWallet`, 'Add funds to
 * your … wallet' (`funding/select`), the manual transfer with its QR code (`funding/manual`) and the status screens
 * (`funding/status`); funding method plugins (kind 'funding', their `funding` slot) add their rows and screens. The
 * server's app enables methods with a "funding" section (fundingServer(), shown as `funding_config`).
 */
export function funding(options: FundingPluginOptions = {}) {
  return definePlugin({
    id: 'funding',
    kind: 'feature',
    screens: {
      select: { load: () => import('./screens/FundingSelectScreen.js'), title: 'funding.select.choose' },
      manual: { load: () => import('./screens/ManualTransferScreen.js'), title: 'funding.manual.title' },
      status: { load: () => import('./screens/FundingStatusScreen.js'), title: 'funding.status.success.title', back: false },
    },
    hooks: {
      // After the wallet is created (and terms are accepted): the hook looks at the wallets the login added.
      after: ['terms', 'embedded-wallet'],
      onLoginSuccess: async (ctx) => (await ops.prompt()).promptFundingHook(options)(ctx),
    },
    actions: (foyer: Foyer) => ({
      fundWallet: async (first: FundWalletParameters | string, legacy?: FundWalletOptions) => (await ops.fundWallet()).fundWallet(foyer, options, first, legacy),
    }),
    texts: { ...fundingTexts, ...options.texts },
  })
}

export { useFundWallet, type UseFundWalletParameters, type UseFundWalletReturnType } from './useFundWallet.js'
export { FUNDING_SCREENS, USDC_ADDRESSES, USDC_DECIMALS, isValidAmount, parseCaip2, buildFundingRequest, availableFundingSlots, firstFundingScreen } from './fundingRequest.js'
export type { FundWalletOptions, FundWalletParameters, FundingAsset, FundingEnv } from './fundingRequest.js'
export type { FundWalletResult, FundingPluginOptions } from './fundingTypes.js'
export { fundingTexts, fundingErrors, statusText, type FundingStatus } from './fundingTexts.js'
export type { FundingRequest, FundingMethodSlot } from '../../core/client/types.js'

// The function hosts get on useFoyer() with this plugin.
declare module 'foyer' {
  interface FoyerActions {
    /**
     * Opens 'Add funds to your … wallet' for `address` (Privy's `{ address, options: { chain: 'eip155:{n}', amount, asset } }`,
     * or `(address, options)`); resolves when the funding screens close, with the status reached (see FundWalletResult).
     */
    fundWallet(parameters: FundWalletParameters | string, options?: FundWalletOptions): Promise<FundWalletResult>
  }
}
