import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer, FundingRequest } from '../../core/client/types.js'
import type { FundWalletOptions, FundWalletParameters } from './fundingRequest.js'
import { fundingTexts } from './fundingTexts.js'
import type { FundingPluginOptions, FundWalletResult } from './fundingTypes.js'
import { createFundingState, type FundingCallbacks } from './fundingState.js'

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
    // The open fundWallet flow of this kernel and the hub's options (`foyer.pluginState('funding')`).
    state: () => createFundingState(options),
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
      // The third argument is useFundWallet's callbacks (not part of the public signature below).
      fundWallet: async (first: FundWalletParameters | string, legacy?: FundWalletOptions, callbacks?: FundingCallbacks) =>
        (await ops.fundWallet()).fundWallet(foyer, options, first, legacy, callbacks),
    }),
    texts: { ...fundingTexts, ...options.texts },
  })
}

export { useFundWallet, type UseFundWalletParameters, type UseFundWalletReturnType } from './useFundWallet.js'
export { FUNDING_SCREENS, USDC_ADDRESSES, USDC_DECIMALS, isValidAmount, parseCaip2, buildFundingRequest, availableFundingSlots, firstFundingScreen, manualAvailable } from './fundingExports.js'
export type { FundWalletOptions, FundWalletParameters, FundingAsset, FundingEnv } from './fundingRequest.js'
export type { FundWalletResult, FundWalletFailure, FundingPluginOptions, FundingUiConfig } from './fundingTypes.js'
export { fundingStateOf, recordFunding, type FundingHubState, type FundingOutcome, type FundingCallbacks } from './fundingState.js'
export { fundingTexts, statusText, type FundingStatus } from './fundingTexts.js'
export { fundingErrors } from './fundingExports.js'
export type { FundingRequest, FundingMethodSlot } from '../../core/client/types.js'

/**
 * What loadFundingKit loads (of fundWallet.ts). Written out rather than taken from that module's type: its declarations
 * name viem's types, and a host without viem (an optional peer) must still compile this entry's types.
 */
export interface FundingKit {
  /** The symbol of a request's asset: SOL, the token's symbol (else 'tokens'), or the chain's native currency. */
  assetSymbol(foyer: Foyer, request: FundingRequest): string
}
/**
 * For funding method plugins' screens: loads assetSymbol (the symbol of a request's asset), with the screen
 * (core/client/screenWith.ts) instead of in the host's first load; it comes with the code fundWallet() loads.
 */
export const loadFundingKit = (): Promise<FundingKit> => ops.fundWallet()

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
