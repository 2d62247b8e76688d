import { frameEvents, type FrameEvent } from '../../channel/frameProtocol.js'
import { FrameFailure, GENERIC_FAILURE } from '../frameFailure.js'
import type { FrameHandler } from '../serveFrame.js'
import { INVALID_RECOVERY_PASSWORD, type WalletVault } from '../walletVault.js'
import { runPasswordEntry, runPasswordSetup } from './passwordView.js'
import { passwordKeySource, type RecoveryKeySource } from './recoveryKeySource.js'
import type { FrameApiTarget } from '../frameApi.js'
import { googleDriveKeySource, iCloudKeySource, type CloudEndpoints } from './cloudKeySource.js'
import { googleDriveLogin, iCloudLogin, openLoginPopup, RECOVERY_OAUTH_FAILED, RecoveryOAuthError } from './cloudLogin.js'
import { cloudProviderNames, cloudTexts, runCloudFlow } from './cloudView.js'

type Data = { accessToken?: unknown; address?: unknown; recoveryMethod?: unknown }
type CloudMethod = keyof typeof cloudProviderNames
const isCloud = (method: unknown): method is CloudMethod => method === 'google-drive' || method === 'icloud'

/** What the cloud methods need besides the vault: the API (for the logins) and where Drive and CloudKit are. */
export interface RecoveryPageCloud {
  api: FrameApiTarget
  endpoints?: CloudEndpoints
}

/**
 * The key source of a cloud method, after its login in a popup opened now (call in the click's task). The Drive
 * token and the ckWebAuthToken stay in this function's closures.
 */
function cloudKeySource(doc: Document, method: CloudMethod, cloud: RecoveryPageCloud, accessToken: unknown): Promise<RecoveryKeySource> {
  const win = doc.defaultView!
  const popup = openLoginPopup(win)
  const endpoints = cloud.endpoints
  if (!endpoints) {
    popup.close()
    return Promise.reject(new RecoveryOAuthError(RECOVERY_OAUTH_FAILED))
  }
  return method === 'google-drive'
    ? googleDriveLogin(win, popup, cloud.api, accessToken).then((token) => googleDriveKeySource(endpoints.driveUrl, token))
    : iCloudLogin(win, popup, cloud.api, accessToken, endpoints.icloud.signInOrigin).then((token) => iCloudKeySource(endpoints.icloud, token))
}

/** The error step of a cloud flow: a failed login, else the method's 'unsuccessful' (recover: pick the right account). */
function cloudFailure(method: CloudMethod, kind: 'backup' | 'recover', error: unknown) {
  const provider = cloudProviderNames[method]
  if (error instanceof RecoveryOAuthError) return { title: RECOVERY_OAUTH_FAILED, text: `${provider} sign-in did not finish. Please try again.` }
  if (kind === 'backup') return { title: cloudTexts.backupFailed(provider), text: 'Your backup was not saved. Please try again.' }
  const tooMany = error instanceof FrameFailure && /code 429/.test(error.message)
  return { title: cloudTexts.recoverFailed(provider), text: tooMany ? error.message : cloudTexts.recoverHint(provider) }
}
const data = (value: unknown): Data => (value && typeof value === 'object' ? (value as Data) : {})

/** The spec's text under 'Enter your password' for a refusal (§8): a wrong password or bad input, else the generic one. */
export function recoveryErrorText(error: unknown): string {
  if (error instanceof FrameFailure && (error.type === 'invalid_recovery_pin' || error.type === 'invalid_request_arguments')) return INVALID_RECOVERY_PASSWORD
  if (error instanceof FrameFailure && /code 429/.test(error.message)) return error.message
  return GENERIC_FAILURE
}

/**
 * The visible recovery page's events. set-recovery runs the password screens in this page and answers once the user
 * closes the result (the password, the key and the share stay here); recover asks 'Enter your password' until the
 * wallet is recovered (this device then keeps the recovery share as its device share, which the hidden frame reads).
 * With recoveryMethod 'google-drive' or 'icloud' both run the cloud screens instead (confirm, the sign-in popup opened
 * from this page, progress, success or the error with Try again); the key and the provider's token stay here too.
 * Answers carry the address and the method only.
 */
export function recoveryPageHandlers(doc: Document, vault: WalletVault, appName: string, cloud?: RecoveryPageCloud): Partial<Record<FrameEvent, FrameHandler>> {
  return {
    [frameEvents.setRecovery]: async (raw) => {
      const { accessToken, address, recoveryMethod } = data(raw)
      if (isCloud(recoveryMethod)) {
        if (!cloud) throw new FrameFailure('error', 'Unable to set recovery on wallet')
        const set = await runCloudFlow(doc, {
          provider: cloudProviderNames[recoveryMethod],
          kind: 'backup',
          run: async () => {
            const source = cloudKeySource(doc, recoveryMethod, cloud, accessToken)
            await vault.setRecovery(address, await source, accessToken)
          },
          describe: (error) => cloudFailure(recoveryMethod, 'backup', error),
        })
        if (!set) throw new FrameFailure('error', `Back up with ${cloudProviderNames[recoveryMethod]} unsuccessful`)
        return { address, recoveryMethod }
      }
      const set = await runPasswordSetup(doc, {
        appName,
        finalize: async (password) => {
          await vault.setRecovery(address, passwordKeySource(password), accessToken)
        },
      })
      if (!set) throw new FrameFailure('error', 'Error setting password on foyer wallet')
      return { address, recoveryMethod: 'user-passcode' }
    },
    [frameEvents.recover]: async (raw) => {
      const { accessToken, address, recoveryMethod } = data(raw)
      if (isCloud(recoveryMethod)) {
        if (!cloud) throw new FrameFailure('error', 'Unable to recover wallet')
        await runCloudFlow(doc, {
          provider: cloudProviderNames[recoveryMethod],
          kind: 'recover',
          run: async () => {
            const source = cloudKeySource(doc, recoveryMethod, cloud, accessToken)
            await vault.recoverWithKey(address, await source, accessToken)
          },
          describe: (error) => cloudFailure(recoveryMethod, 'recover', error),
        })
        return { address, recoveryMethod }
      }
      await runPasswordEntry(doc, async (password) => {
        try {
          await vault.recoverWithKey(address, passwordKeySource(password), accessToken)
        } catch (error) {
          throw new Error(recoveryErrorText(error))
        }
      })
      return { address }
    },
  }
}
