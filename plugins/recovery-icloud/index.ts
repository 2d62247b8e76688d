import { definePlugin } from '../../core/client/plugin.js'

/** Options of the iCloud recovery method. */
export interface RecoveryIcloudOptions {
  /** Position on 'Secure your account' (lower first; default 20). */
  order?: number
  texts?: Record<string, string>
}

/** The iCloud method's English. */
export const recoveryIcloudTexts = { 'recoveryIcloud.label': 'iCloud' } as const

/**
 * iCloud recovery of the embedded wallet: `plugins={[embeddedWallet(), recoveryIcloud()]}`; the app offers it with
 * `user_owned_recovery_options: ['icloud']` and the server has a CloudKit container (FOYER_RECOVERY_ICLOUD_*). The
 * sign-in, its token and the key stay in the wallet frame's recovery page (this plugin's frame half); this half names
 * the method on 'Secure your account'.
 */
export function recoveryIcloud(options: RecoveryIcloudOptions = {}) {
  return definePlugin({
    id: 'recovery-icloud',
    kind: 'feature',
    recovery: { method: 'icloud', label: 'recoveryIcloud.label', order: options.order ?? 20 },
    texts: { ...recoveryIcloudTexts, ...options.texts },
  })
}
