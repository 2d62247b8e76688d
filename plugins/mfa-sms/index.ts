import { definePlugin } from '../../core/client/plugin.js'
import { screenWith } from '../../core/client/screenWith.js'
import type { Foyer } from '../../core/client/types.js'
import { loadMfaEnrollmentKit } from '../mfa/index.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { mfaSmsApi } from './api.js'

// The entry's own typed calls, the same as mfaSmsCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const mfaSmsCalls = apiClient<typeof mfaSmsApi>('mfa-sms')

/** Options of the SMS method. */
export interface MfaSmsPluginOptions {
  order?: number
  texts?: Record<string, string>
}

/** The SMS method's English. */
export const mfaSmsTexts = {
  'mfaSms.label': 'SMS',
  'mfaSms.chooserLabel': 'SMS',
  'mfaSms.enroll.title': 'Add SMS verification',
  'mfaSms.enroll.subtitle': "Enter your phone number. We'll text it a code to confirm it's yours.",
  'mfaSms.submit': 'Send code',
  'mfaSms.verify.title': 'Enter enrollment code',
  'mfaSms.verify.subtitle': 'Enter the 6-digit code we texted to {number}.',
  'mfaSms.changeNumber': 'Use another number',
  'mfaSms.success.title': 'SMS verification added',
  'mfaSms.remove.title': 'Remove SMS verification?',
  'mfaSms.alreadyEnrolled': 'SMS verification is already enabled',
  'mfaSms.sendFailed': 'The number can not receive SMS',
  'mfaSms.regionNotSupported': 'SMS verification from this region is not available',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>'

/** §2: the SMS option is disabled for a user who already signs in by SMS (a linked phone account). */
export const signsInBySms = (foyer: Foyer) => !!foyer.$session.peek().user?.linkedAccounts.some((a) => a.type === 'phone')

/** SMS MFA: `plugins={[mfa(), mfaSms()]}`; the app enables it with `mfa_methods: ['sms']` (the server loads mfaSmsServer()). */
export function mfaSms(options: MfaSmsPluginOptions = {}) {
  return definePlugin({
    id: 'mfa-sms',
    kind: 'mfa',
    api: () => import('./api.js').then((m) => m.mfaSmsApi),
    screens: {
      enroll: { load: screenWith(() => import('./screens/EnrollSmsScreen.js'), loadMfaEnrollmentKit), title: 'mfaSms.enroll.title' },
      verify: { load: screenWith(() => import('./screens/EnrollSmsCodeScreen.js'), loadMfaEnrollmentKit), title: 'mfaSms.verify.title' },
    },
    mfa: {
      method: 'sms',
      label: 'mfaSms.label',
      chooserLabel: 'mfaSms.chooserLabel',
      icon,
      order: options.order ?? 1,
      verification: 'code',
      // §7: a verification code is texted by POST /api/v1/mfa/passwordless_sms/init {action: 'verify'}.
      start: (foyer: Foyer) => mfaSmsCalls.init(foyer, { action: 'verify' }),
      enrollScreen: 'mfa-sms/enroll',
      remove: (foyer: Foyer) => mfaSmsCalls.unenroll(foyer, {}),
      removeTitle: 'mfaSms.remove.title',
      unavailable: signsInBySms,
    },
    errors: { MFA_SMS_ALREADY_ENROLLED: 'mfaSms.alreadyEnrolled', TWILIO_VERIFICATION_FAILED: 'mfaSms.sendFailed', MFA_SMS_REGION_NOT_SUPPORTED: 'mfaSms.regionNotSupported' },
    texts: { ...mfaSmsTexts, ...options.texts },
  })
}
export * from './mfaSmsApiExports.js'
