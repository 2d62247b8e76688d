import { transferWith } from '../../core/client/accounts.js'
import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { siweApi } from './api.js'
import type { SiwePluginState } from './siweFlow.js'
import { siweTexts } from './siweTexts.js'
import { WALLET_LIST_SCREEN } from './walletListScreen.js'
import type { User } from '../../core/protocol/index.js'

/** Options of the Sign-In With Ethereum plugin. */
export interface SiwePluginOptions {
  /** Position on the landing list among options of equal config order (lower first). */
  order?: number
  /** The message's statement line; `null` leaves it out. Default: Privy's "By signing, you are proving…". */
  statement?: string | null
  /** The message's Resources (URIs). Default: none. */
  resources?: string[]
  /** Pause before the signature prompt for WalletConnect wallets (the spec's 2.5 s). */
  signaturePromptDelayMs?: number
  /** Connector types that get that pause. Default ['wallet_connect_v2']. */
  delayedConnectorTypes?: string[]
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The SIWE plugin's English texts (sign screen). */
export const siwePluginTexts = {
  'siwe.label': 'Ethereum wallet',
  'siwe.title': 'Sign to verify',
  'siwe.generating': 'Preparing the sign-in message…',
  'siwe.awaiting': 'Sign the message in your wallet to verify it belongs to you.',
  'siwe.submitting': 'Verifying signature…',
  'siwe.error.title': siweTexts.unableToAuthorize,
  'siwe.error.rejected': 'You rejected the signature request.',
  'siwe.retry': 'Try again',
  'siwe.useDifferentWallet': siweTexts.useDifferentWallet,
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v3"/><path d="M3 5v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3"/><path d="M21 12h-4a2 2 0 0 0 0 4h4z"/></svg>'

/**
 * Sign-In With Ethereum: `plugins={[injected(), siwe()]}`. Adds 'Ethereum wallet' to the landing's wallet
 * group ('Continue with a wallet'; needs the app's wallet_auth flag); a wallet connected from the list
 * signs an EIP-4361 message on 'siwe/sign'.
 * viem loads only when a message is built.
 */
export function siwe(options: SiwePluginOptions = {}) {
  return definePlugin({
    id: 'siwe',
    kind: 'login',
    meta: {
      label: 'siwe.label',
      icon,
      group: 'wallet',
      loginMethod: 'wallet',
      serverFlag: 'wallet_auth',
      // A host that lists only Solana wallets gets no Ethereum sign-in option.
      hidden: (foyer) => (foyer.$modal.peek().options.walletChainType ?? foyer.$config.peek()?.client.appearance?.walletChainType) === 'solana-only',
      ...(options.order !== undefined ? { order: options.order } : {}),
    },
    state: (): SiwePluginState => ({
      settings: {
        ...(options.statement !== undefined ? { statement: options.statement } : {}),
        ...(options.resources ? { resources: options.resources } : {}),
        ...(options.signaturePromptDelayMs !== undefined ? { signaturePromptDelayMs: options.signaturePromptDelayMs } : {}),
        ...(options.delayedConnectorTypes ? { delayedConnectorTypes: options.delayedConnectorTypes } : {}),
      },
    }),
    api: () => import('./api.js').then((m) => m.siweApi),
    // A contract wallet's signature could not be checked on chain (502): §8 wallet connection's 'Unable to authorize user'.
    errors: { RPC_UNAVAILABLE: siweTexts.unableToAuthorize },
    entry: { load: () => import('./screens/SiweEntry.js') },
    screens: {
      sign: { load: () => import('./screens/SiweSignScreen.js'), title: 'siwe.title' },
    },
    walletLogin: { chain: 'ethereum', screen: 'sign' },
    accounts: {
      // The wallet list (both chains, like useLinkWallet); an Ethereum wallet continues on 'siwe/sign'.
      link: { wallet: (foyer: Foyer) => foyer.modal.open({ intent: 'link', screen: WALLET_LIST_SCREEN }) },
      unlink: { wallet: (foyer: Foyer, address: string) => siweCalls.unlink(foyer, { address }) },
      transfer: { wallet: transferWith(siweCalls.transfer) },
    },
    texts: { ...siwePluginTexts, ...options.texts },
  })
}

export {
  useLoginWithSiwe,
  useLinkWithSiwe,
  useLinkWallet,
  type UseLoginWithSiweReturnType,
  type UseLinkWithSiweReturnType,
  type UseSiweParameters,
  type SiweLoginState,
  type SiweLoginStatus,
  type SiweSignedInput,
} from './useLoginWithSiwe.js'

// The entry's own typed calls, the same as siweCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const siweCalls = apiClient<typeof siweApi>('siwe')
export { generateSiweMessage, submitSiwe, signInWithWallet, siweErrorOutcome, toSiweError, findWalletAccount, DEFAULT_STATEMENT, DELAYED_CONNECTOR_TYPES } from './siweExports.js'
export type { SiweStep, SiweSubmission } from './siweFlow.js'
export { WALLET_LIST_SCREEN } from './walletListScreen.js'
export * from './siweApiExports.js'

// The hook functions hosts get with this plugin (useLinkAccount, useUnlinkAccount, useFoyer).
declare module 'foyer' {
  interface FoyerLinkFunctions {
    /** Opens the wallet list (both chains); an Ethereum wallet signs in with SIWE. */
    linkWallet(options?: unknown): Promise<void>
  }
  interface FoyerUnlinkFunctions {
    unlinkWallet(address: string): Promise<User>
  }
}
