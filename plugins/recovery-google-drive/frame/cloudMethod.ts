import { FrameFailure, isFrameFailure, type CloudRecoveryMethod, type RecoveryKeySource, type RecoveryMethodHalf, type RecoveryPage } from '../../wallet-frame/frame.js'
import { openLoginPopup, RECOVERY_OAUTH_FAILED, RecoveryOAuthError } from './cloudLogin.js'
import { cloudProviderNames, cloudTexts, runCloudFlow } from './cloudView.js'

/**
 * The key source of a cloud method, after its login in `popup` (opened in the click's task): the provider's token
 * stays in the source's closures. Rejects when the page has no settings for the method (not configured).
 */
export type CloudKeySourceOf = (page: RecoveryPage, popup: Window) => Promise<RecoveryKeySource>

/** The error step of a cloud flow: a failed login, else the method's 'unsuccessful' (recover: pick the right account). */
export function cloudFailure(method: CloudRecoveryMethod, kind: 'backup' | 'recover', error: unknown) {
  const provider = cloudProviderNames[method]
  if (error instanceof RecoveryOAuthError) return { title: RECOVERY_OAUTH_FAILED, text: `${provider} sign-in did not finish. Please try again.` }
  if (kind === 'backup') return { title: cloudTexts.backupFailed(provider), text: 'Your backup was not saved. Please try again.' }
  // The vault's refusals are the recovery page's FrameFailure, another copy of the class than this half's.
  const tooMany = isFrameFailure(error) && /code 429/.test(error.message)
  return { title: cloudTexts.recoverFailed(provider), text: tooMany ? error.message : cloudTexts.recoverHint(provider) }
}

/**
 * A cloud method's half (Google Drive's, iCloud's): the cloud screens (confirm, the sign-in popup opened from this
 * page, progress, success or the error with Try again) around the vault's setRecovery / recoverWithKey with the key
 * the provider keeps. The key and the provider's token stay in this page.
 */
export function cloudMethodHalf(method: CloudRecoveryMethod, keySource: CloudKeySourceOf): RecoveryMethodHalf {
  const provider = cloudProviderNames[method]
  const source = (page: RecoveryPage) => {
    const popup = openLoginPopup(page.document.defaultView!)
    if (!page.settings) {
      popup.close()
      return Promise.reject(new RecoveryOAuthError(RECOVERY_OAUTH_FAILED))
    }
    return keySource(page, popup)
  }
  return {
    async setRecovery(page) {
      const set = await runCloudFlow(page.document, {
        provider,
        kind: 'backup',
        run: async () => {
          const key = source(page)
          await page.setRecovery(await key)
        },
        describe: (error) => cloudFailure(method, 'backup', error),
      })
      if (!set) throw new FrameFailure('error', cloudTexts.backupFailed(provider))
    },
    async recover(page) {
      await runCloudFlow(page.document, {
        provider,
        kind: 'recover',
        run: async () => {
          const key = source(page)
          await page.recoverWithKey(await key)
        },
        describe: (error) => cloudFailure(method, 'recover', error),
      })
    },
  }
}
