import { definePlugin } from '../../core/client/plugin.js'
import { recoveryPasswordServerErrorTexts } from './passwordConstants.js'

/** Options of the password recovery method. */
export interface RecoveryPasswordOptions {
  /** Position on 'Secure your account' (lower first; Google Drive 10, iCloud 20, this 30 by default). */
  order?: number
  texts?: Record<string, string>
}

/** The password method's English. */
export const recoveryPasswordTexts = {
  'recoveryPassword.label': 'Password',
  'recoveryPassword.recoverTitle': 'Enter your password',
  'recoveryPassword.splashTitle': 'Secure Your Account',
  'recoveryPassword.splashBody': 'Add a password to back up your wallet. You will enter it to use your wallet on a new device.',
  'recoveryPassword.addPassword': 'Add password',
} as const

/**
 * Password recovery of the embedded wallet: `plugins={[embeddedWallet(), recoveryPassword()]}`; the app offers it with
 * `user_owned_recovery_options: ['user-passcode']`. The password is typed, derived (argon2id after the server's OPRF)
 * and used in the wallet frame's recovery page only (this plugin's frame half); this half names the method on
 * 'Secure your account' and adds the splash shown when a password is the app's only method.
 */
export function recoveryPassword(options: RecoveryPasswordOptions = {}) {
  return definePlugin({
    id: 'recovery-password',
    kind: 'feature',
    recovery: { method: 'user-passcode', label: 'recoveryPassword.label', order: options.order ?? 30, recoverTitle: 'recoveryPassword.recoverTitle', splash: 'recovery-password/splash' },
    screens: { splash: { load: () => import('./screens/PasswordSplashScreen.js'), title: 'recoveryPassword.splashTitle' } },
    // The password routes' codes (a wrong password, the lock, an expired key): the spec's texts.
    errors: recoveryPasswordServerErrorTexts,
    texts: { ...recoveryPasswordTexts, ...options.texts },
  })
}
