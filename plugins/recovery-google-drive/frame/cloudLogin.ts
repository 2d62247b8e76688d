import { OAUTH_MESSAGES, RECOVERY_OAUTH_CALLBACK_PATH, toBase64, type RecoveryPage } from '../../wallet-frame/frame.js'
import { googleDriveRecoveryApi } from '../api.js'

// The cloud logins of the recovery page: a popup opened by the frame (from the user's click on its own button), whose
// answer comes back to this page only. Google Drive: PKCE S256 with a state, the popup lands on the wallet origin's
// callback page (PRIVY_OAUTH_RESPONSE / PRIVY_OAUTH_ERROR to its opener, this page), the server exchanges the code with
// its client secret. The popup helpers are shared with iCloud's half (through this plugin's frame entry).

/** The spec's text for a login popup that failed, was closed or timed out. */
export const RECOVERY_OAUTH_FAILED = 'Recovery OAuth failed'

/** A login that didn't give a token (the popup closed, an error, a timeout). */
export class RecoveryOAuthError extends Error {
  override name = 'RecoveryOAuthError'
}

const LOGIN_TIMEOUT_MS = 5 * 60_000
const base64url = (bytes: Uint8Array) => toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const randomText = (bytes: number) => base64url(crypto.getRandomValues(new Uint8Array(bytes)))

/** Opens the login popup: must run in the click's task (before any await), or the browser blocks it. */
export function openLoginPopup(win: Window): Window {
  const popup = win.open('about:blank', 'foyer-recovery-oauth', 'popup,width=480,height=680')
  if (!popup) throw new RecoveryOAuthError('The sign-in window was blocked')
  return popup
}

/** Waits for a message from `popup` that `accept` answers (non-undefined), until the popup closes or time runs out. */
export function waitForPopup<T>(win: Window, popup: Window, accept: (event: MessageEvent) => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const end = (fn: () => void) => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(timer)
      fn()
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup) return
      let answer: T | undefined
      try {
        answer = accept(event)
      } catch (error) {
        end(() => reject(error))
        return
      }
      if (answer !== undefined) end(() => resolve(answer))
    }
    win.addEventListener('message', onMessage)
    // A closed popup gives no message: the user gave up.
    const poll = setInterval(() => popup.closed && end(() => reject(new RecoveryOAuthError('The sign-in window was closed'))), 500)
    const timer = setTimeout(() => end(() => reject(new RecoveryOAuthError('The sign-in took too long'))), LOGIN_TIMEOUT_MS)
  })
}

/** Google Drive: the login in `popup`, then the code for a Drive access token (drive.appdata scope). */
export async function googleDriveLogin(win: Window, popup: Window, call: RecoveryPage['call']): Promise<string> {
  try {
    const verifier = randomText(32)
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
    const stateCode = randomText(24)
    const redirectTo = `${win.location.origin}${RECOVERY_OAUTH_CALLBACK_PATH}`
    const { url } = await call(googleDriveRecoveryApi.init, { redirect_to: redirectTo, code_challenge: base64url(digest), state_code: stateCode })
    popup.location.href = url
    const code = await waitForPopup(win, popup, (event) => {
      if (event.origin !== win.location.origin) return undefined
      const data = event.data as { type?: unknown; stateCode?: unknown; authorizationCode?: unknown } | null
      if (data?.type === OAUTH_MESSAGES.error) throw new RecoveryOAuthError(RECOVERY_OAUTH_FAILED)
      if (data?.type !== OAUTH_MESSAGES.response) return undefined
      if (data.stateCode !== stateCode || typeof data.authorizationCode !== 'string') throw new RecoveryOAuthError(RECOVERY_OAUTH_FAILED)
      return data.authorizationCode
    })
    const { access_token } = await call(googleDriveRecoveryApi.authenticate, { authorization_code: code, state_code: stateCode, code_verifier: verifier, provider: 'google-drive' })
    return access_token
  } catch (error) {
    throw error instanceof RecoveryOAuthError ? error : new RecoveryOAuthError(RECOVERY_OAUTH_FAILED)
  } finally {
    if (!popup.closed) popup.close()
  }
}
