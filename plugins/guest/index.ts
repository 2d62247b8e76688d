import { definePlugin } from '../../core/client/plugin.js'
import { guestErrorCodes } from './createGuestAccount.js'
import { guestTexts } from './guestTexts.js'

/** Options of the guest plugin. */
export interface GuestPluginOptions {
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/**
 * Guest accounts: `plugins={[guest()]}`, then `useGuestAccounts().createGuestAccount()`. It has no landing
 * entry: the host decides where a 'Continue as guest' action belongs.
 */
export function guest(options: GuestPluginOptions = {}) {
  return definePlugin({
    id: 'guest',
    kind: 'login',
    api: () => import('./api.js').then((m) => m.guestApi),
    errors: {
      [guestErrorCodes.alreadyAuthenticated]: guestTexts.alreadyAuthenticated,
      [guestErrorCodes.failed]: guestTexts.failed,
      // The server's code (403), for a call made outside createGuestAccount.
      ALREADY_AUTHENTICATED: guestTexts.alreadyAuthenticated,
    },
    texts: { 'guest.continue': guestTexts.continueAsGuest, ...options.texts },
  })
}

export { useGuestAccounts, type UseGuestAccountsReturnType } from './useGuestAccounts.js'
export { createGuestAccount, guestCredentialKey, guestErrorCodes } from './createGuestAccount.js'
export * from './guestApiExports.js'
