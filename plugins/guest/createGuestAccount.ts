import type { Foyer } from '../../core/client/types.js'
import { ApiError, BaseError, FlowError } from '../../core/errors/index.js'
import type { User } from '../../core/protocol/index.js'
import { guestCalls } from './guestCalls.js'
import { createGuestCredential } from './createGuestCredential.js'
import { guestTexts } from './guestTexts.js'

/** Storage key of this app's guest credential. */
export const guestCredentialKey = (appId: string) => `foyer:${appId}:guest_credential`

/** Error codes of the guest flow. */
export const guestErrorCodes = {
  alreadyAuthenticated: 'USER_ALREADY_AUTHENTICATED',
  failed: 'GUEST_AUTH_FAILED',
} as const

/**
 * Signs in as this device's guest user, creating it (and its credential) on first use. A guest who is
 * already signed in gets their user back; a non-guest user is refused.
 */
export async function createGuestAccount(foyer: Foyer): Promise<User> {
  const session = foyer.$session.peek()
  if (session.status === 'authenticated' && session.user) {
    if (session.user.isGuest) return session.user
    throw new FlowError(guestTexts.alreadyAuthenticated, guestErrorCodes.alreadyAuthenticated)
  }
  const key = guestCredentialKey(foyer.appId)
  const attempt = async (credential: string) => {
    const response = await guestCalls.authenticate(foyer, { guest_credential: credential })
    // Stored only after the server accepted it, so a failed first call leaves nothing behind.
    foyer.storage.set(key, credential)
    const account = response.user.linkedAccounts.find((a) => a.type === 'guest') ?? null
    const result = await foyer.completeAuth(response, { loginMethod: 'guest', account, intent: 'login' })
    return result.user
  }
  const stored = foyer.storage.get(key)
  try {
    try {
      return await attempt(stored ?? createGuestCredential())
    } catch (error) {
      // The stored credential retired (its user linked a real account): start a new guest once.
      if (stored && error instanceof ApiError && error.serverCode === 'invalid_credentials') {
        foyer.storage.remove(key)
        return await attempt(createGuestCredential())
      }
      throw error
    }
  } catch (error) {
    if (error instanceof ApiError && error.serverCode === 'already_authenticated') {
      throw new FlowError(guestTexts.alreadyAuthenticated, guestErrorCodes.alreadyAuthenticated, { cause: error })
    }
    if (error instanceof BaseError && ['TOO_MANY_REQUESTS', 'DISALLOWED_LOGIN_METHOD', 'USER_DOES_NOT_EXIST', 'INVALID_CAPTCHA', 'CAPTCHA_FAILURE', 'CAPTCHA_TIMEOUT'].includes(error.code)) throw error
    throw new FlowError(guestTexts.failed, guestErrorCodes.failed, { cause: error })
  }
}
