import type { RecoveryPage } from '../../wallet-frame/frame.js'
import { RECOVERY_OAUTH_FAILED, RecoveryOAuthError, waitForPopup } from '../../recovery-google-drive/frame.js'
import { icloudRecoveryApi } from '../api.js'

// iCloud's login of the recovery page: CloudKit's sign-in page, in a popup the frame opened from the user's click,
// posts { ckWebAuthToken } from its own origin; the token stays in this page.

/** iCloud: CloudKit's sign-in URL in `popup`, then the ckWebAuthToken its page posts from `signInOrigin`. */
export async function iCloudLogin(win: Window, popup: Window, call: RecoveryPage['call'], signInOrigin: string): Promise<string> {
  try {
    const { url } = await call(icloudRecoveryApi.initIcloud, { client_type: 'web' })
    popup.location.href = url
    return await waitForPopup(win, popup, (event) => {
      if (event.origin !== signInOrigin) return undefined
      const token = (event.data as { ckWebAuthToken?: unknown } | null)?.ckWebAuthToken
      return typeof token === 'string' && token ? token : undefined
    })
  } catch (error) {
    throw error instanceof RecoveryOAuthError ? error : new RecoveryOAuthError(RECOVERY_OAUTH_FAILED)
  } finally {
    if (!popup.closed) popup.close()
  }
}
