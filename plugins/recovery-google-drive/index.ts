import { definePlugin } from '../../core/client/plugin.js'

/** Options of the Google Drive recovery method. */
export interface RecoveryGoogleDriveOptions {
  /** Position on 'Secure your account' (lower first; default 10, the spec's first). */
  order?: number
  texts?: Record<string, string>
}

/** The Google Drive method's English. */
export const recoveryGoogleDriveTexts = { 'recoveryGoogleDrive.label': 'Google Drive' } as const

/**
 * Google Drive recovery of the embedded wallet: `plugins={[embeddedWallet(), recoveryGoogleDrive()]}`; the app offers it
 * with `user_owned_recovery_options: ['google-drive']` and the server has a Google client (FOYER_RECOVERY_GOOGLE_*).
 * The sign-in popup, the Drive token and the key stay in the wallet frame's recovery page (this plugin's frame half);
 * this half names the method on 'Secure your account'.
 */
export function recoveryGoogleDrive(options: RecoveryGoogleDriveOptions = {}) {
  return definePlugin({
    id: 'recovery-google-drive',
    kind: 'feature',
    recovery: { method: 'google-drive', label: 'recoveryGoogleDrive.label', order: options.order ?? 10 },
    texts: { ...recoveryGoogleDriveTexts, ...options.texts },
  })
}
