import { uiScreens } from '../../core/client/screenIds.js'
import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { siwsApi } from './api.js'
import { siwsTexts } from './siwsTexts.js'
import type { SiwsPluginOptions } from './siwsPluginOptions.js'
import type { User } from '../../core/protocol/index.js'

/** The SIWS plugin's English texts. */
export const siwsPluginTexts = {
  'siws.label': 'Solana wallet',
  'siws.title': 'Sign to verify',
  'siws.subtitle': 'Sign the message in {wallet} to prove you own this wallet.',
  'siws.yourWallet': 'your wallet',
  'siws.generating': 'Preparing the message…',
  'siws.awaiting': 'Waiting for the signature in {wallet}…',
  'siws.submitting': 'Verifying the signature…',
  'siws.done': 'Signed in',
  'siws.error': 'Unable to authorize user',
  'siws.retry': 'Try again',
  'siws.useDifferentWallet': siwsTexts.useDifferentWallet,
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M6.2 5h14l-2.4 3H3.8zm-2.4 5.5h14l2.4 3h-14zM6.2 16h14l-2.4 3H3.8z"/></svg>'

/** Sign In With Solana: `plugins={[solana(), siws()]}` (the Solana connector lists the wallets). */
export function siws(options: SiwsPluginOptions = {}) {
  return definePlugin({
    id: 'siws',
    kind: 'login',
    options,
    meta: {
      label: 'siws.label',
      icon,
      group: 'wallet',
      loginMethod: 'solana_wallet',
      serverFlag: 'solana_wallet_auth',
      ...(options.order !== undefined ? { order: options.order } : {}),
    },
    api: () => import('./api.js').then((m) => m.siwsApi),
    entry: { load: () => import('./screens/SiwsEntry.js') },
    screens: {
      sign: { load: () => import('./screens/SiwsSignScreen.js'), title: 'siws.title' },
    },
    walletLogin: { chain: 'solana', screen: 'sign' },
    accounts: {
      // The wallet list limited to Solana wallets; a connected one continues on 'siws/sign' with intent 'link'.
      link: {
        solanaWallet: (foyer: Foyer) => foyer.modal.open({ intent: 'link', screen: uiScreens.walletList, params: { walletChainType: 'solana-only' } }),
      },
      unlink: { solanaWallet: (foyer: Foyer, address: string) => siwsCalls.unlink(foyer, { address }) },
    },
    errors: { SOLANA_SIGN_MESSAGE_UNSUPPORTED: siwsTexts.signMessageRequired },
    texts: { ...siwsPluginTexts, ...options.texts },
  })
}

export {
  useLoginWithSiws,
  type UseLoginWithSiwsParameters,
  type UseLoginWithSiwsReturnType,
  type SiwsLoginState,
} from './useLoginWithSiws.js'

// The entry's own typed calls, the same as siwsCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const siwsCalls = apiClient<typeof siwsApi>('siws')
export type { SiwsPluginOptions } from './siwsPluginOptions.js'
export { createSiwsMessage, parseSiwsMessage } from './siwsExports.js'
export type { SiwsMessage } from './siwsMessage.js'
export { generateSiwsMessage, submitSiws, siwsErrorText } from './siwsExports.js'
export type { SiwsStatus, SiwsMessageOptions, SiwsSubmission } from './siwsFlow.js'
export * from './siwsApiExports.js'

// The hook functions hosts get with this plugin (useLinkAccount, useUnlinkAccount, useFoyer).
declare module 'foyer' {
  interface FoyerLinkFunctions {
    /** Opens the wallet list limited to Solana wallets. */
    linkSolanaWallet(options?: unknown): Promise<void>
  }
  interface FoyerUnlinkFunctions {
    unlinkSolanaWallet(address: string): Promise<User>
  }
}
