import { definePlugin } from '../../core/client/plugin.js'
import { screenWith } from '../../core/client/screenWith.js'
import type { Foyer } from '../../core/client/types.js'
import { loadMfaEnrollmentKit } from '../mfa/index.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { totpApi } from './api.js'

// The entry's own typed calls, the same as totpCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const totpCalls = apiClient<typeof totpApi>('mfa-totp')

/** Options of the TOTP method. */
export interface MfaTotpPluginOptions {
  order?: number
  texts?: Record<string, string>
}

/** The TOTP method's English. */
export const mfaTotpTexts = {
  'mfaTotp.label': 'Authenticator App',
  'mfaTotp.chooserLabel': 'Authenticator app',
  'mfaTotp.scan.title': 'Scan QR code',
  'mfaTotp.scan.subtitle': 'Scan this QR code with your authenticator app, or enter the secret below.',
  'mfaTotp.scan.qrLabel': 'QR code for your authenticator app',
  'mfaTotp.scan.secretLabel': 'Secret',
  'mfaTotp.copy': 'Copy',
  'mfaTotp.continue': 'Continue',
  'mfaTotp.verify.title': 'Enter enrollment code',
  'mfaTotp.verify.subtitle': 'Enter the 6-digit code your authenticator app shows.',
  'mfaTotp.success.title': 'Authenticator app verification added',
  'mfaTotp.remove.title': 'Remove authenticator app verification?',
  'mfaTotp.alreadyEnrolled': 'Authenticator app verification is already enabled',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="5" y="2" width="14" height="20" rx="2"/><path d="M9 12l2 2 4-4"/></svg>'

/** Authenticator-app MFA (TOTP): `plugins={[mfa(), mfaTotp()]}`; the app enables it with `mfa_methods: ['totp']`. */
export function mfaTotp(options: MfaTotpPluginOptions = {}) {
  return definePlugin({
    id: 'mfa-totp',
    kind: 'mfa',
    api: () => import('./api.js').then((m) => m.totpApi),
    screens: { enroll: { load: screenWith(() => import('./screens/EnrollTotpScreen.js'), loadMfaEnrollmentKit), title: 'mfaTotp.scan.title' } },
    mfa: {
      method: 'totp',
      label: 'mfaTotp.label',
      chooserLabel: 'mfaTotp.chooserLabel',
      recommended: true,
      icon,
      order: options.order ?? 0,
      verification: 'code',
      enrollScreen: 'mfa-totp/enroll',
      remove: (foyer: Foyer) => totpCalls.unenroll(foyer, {}),
      removeTitle: 'mfaTotp.remove.title',
    },
    errors: { MFA_ALREADY_ENROLLED: 'mfaTotp.alreadyEnrolled' },
    texts: { ...mfaTotpTexts, ...options.texts },
  })
}
export * from './mfaTotpApiExports.js'
