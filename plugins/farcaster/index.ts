import { transferWith } from '../../core/client/accounts.js'
import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { farcasterApi } from './api.js'
import { farcasterErrorCodes } from './farcasterErrors.js'
import { farcasterTexts } from './farcasterTexts.js'
import type { User } from '../../core/protocol/index.js'

/** Options of the Farcaster login plugin. */
export interface FarcasterPluginOptions {
  /** Position on the landing list among options of equal config order (lower first). */
  order?: number
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The Farcaster plugin's English texts (screen and landing entry). */
export const farcasterPluginTexts = {
  'farcaster.label': 'Farcaster',
  'farcaster.title': 'Sign in with Farcaster',
  'farcaster.subtitle': "Scan with your phone's camera to continue.",
  'farcaster.waiting': 'Awaiting Farcaster connection',
  'farcaster.open': 'Open the Farcaster app',
  'farcaster.qrLabel': 'QR code to sign in with Farcaster',
  'farcaster.retry': 'Try again',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M5 3h14v3h2l-1 3h-1v10h1v2h-6v-2h1v-6.2a3 3 0 0 0-6 0V19h1v2H4v-2h1V9H4L3 6h2z"/></svg>'

/** Sign In With Farcaster: `plugins={[farcaster()]}`. */
export function farcaster(options: FarcasterPluginOptions = {}) {
  return definePlugin({
    id: 'farcaster',
    kind: 'login',
    meta: {
      label: 'farcaster.label',
      icon,
      group: 'social',
      loginMethod: 'farcaster',
      serverFlag: 'farcaster',
      ...(options.order !== undefined ? { order: options.order } : {}),
    },
    api: () => import('./api.js').then((m) => m.farcasterApi),
    entry: { load: () => import('./screens/FarcasterEntry.js') },
    screens: {
      connect: { load: () => import('./screens/FarcasterConnectScreen.js'), title: 'farcaster.title' },
    },
    accounts: {
      link: { farcaster: (foyer: Foyer) => foyer.modal.open({ intent: 'link', screen: 'farcaster/connect' }) },
      linkOnce: { farcaster: 'farcaster' },
      unlink: { farcaster: (foyer: Foyer, fid: number | string) => farcasterCalls.unlink(foyer, { fid: Number(fid) }) },
      transfer: {
        farcaster: transferWith(farcasterCalls.transfer),
      },
    },
    errors: {
      [farcasterErrorCodes.timeout]: farcasterTexts.timeout,
      [farcasterErrorCodes.notInitialised]: farcasterTexts.notInitialised,
      // The server's codes: the ID registry unreadable (502), a channel answered twice (409); §8's fallback text.
      CUSTODY_LOOKUP_FAILED: farcasterTexts.authFailed,
      CHANNEL_COMPLETED: farcasterTexts.authFailed,
    },
    texts: { ...farcasterPluginTexts, ...options.texts },
  })
}

export {
  useLoginWithFarcaster,
  type UseLoginWithFarcasterParameters,
  type UseLoginWithFarcasterReturnType,
  type FarcasterLoginState,
  type FarcasterLoginStatus,
} from './useLoginWithFarcaster.js'

// The entry's own typed calls, the same as farcasterCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const farcasterCalls = apiClient<typeof farcasterApi>('farcaster')
export { farcasterErrorCodes, farcasterErrorText } from './farcasterErrors.js'
export type { FarcasterChannel } from './farcasterFlow.js'
export * from './farcasterApiExports.js'

// The hook functions hosts get with this plugin (useLinkAccount, useUnlinkAccount, useFoyer).
declare module 'foyer' {
  interface FoyerLinkFunctions {
    linkFarcaster(options?: unknown): Promise<void>
  }
  interface FoyerUnlinkFunctions {
    unlinkFarcaster(fid: number | string): Promise<User>
  }
}
