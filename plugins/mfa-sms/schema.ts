import * as v from 'valibot'
import { MfaCodeSchema } from '../../core/protocol/index.js'

/** Server and screen texts of the SMS method (§5 'SMS enrollment requires a phone number'). */
export const mfaSmsServerTexts = {
  phoneRequired: 'SMS enrollment requires a phone number',
  invalidPhone: 'Please enter a valid phone number.',
  alreadyEnrolled: 'SMS verification is already enabled',
  notEnabled: 'SMS verification is not enabled for this app',
  noPendingEnrollment: 'Start the SMS enrollment again',
  regionNotSupported: 'SMS verification from this region is not available',
} as const

/** Longest accepted phone input (as the SMS login's). */
export const MFA_PHONE_INPUT_MAX_LENGTH = 250

/** The enrollment's phone number on the wire: '+' and digits (punctuation allowed); the server checks it with libphonenumber-js. */
export const MfaPhoneNumberSchema = v.pipe(
  v.string(mfaSmsServerTexts.phoneRequired),
  v.trim(),
  v.nonEmpty(mfaSmsServerTexts.phoneRequired),
  v.maxLength(MFA_PHONE_INPUT_MAX_LENGTH, mfaSmsServerTexts.invalidPhone),
  v.regex(/^\+[\d\s().-]+$/, mfaSmsServerTexts.invalidPhone),
)

/**
 * POST /api/v1/mfa/passwordless_sms/init: `{action: 'enroll', phoneNumber}` texts an enrollment code to a new number
 * (initEnrollmentWithSms); `{action: 'verify'}` (§7) starts a verification with the enrolled number, like core's
 * /api/v1/mfa/init {method: 'sms'}.
 */
export const MfaSmsInitInputSchema = v.variant('action', [
  v.strictObject({ action: v.literal('enroll'), phoneNumber: v.optional(MfaPhoneNumberSchema) }),
  v.strictObject({ action: v.literal('verify') }),
])
export const MfaSmsInitOutputSchema = v.looseObject({ success: v.literal(true) })
/** POST /api/v1/mfa/passwordless_sms/enroll: the number and the code it received (submitEnrollmentWithSms). */
export const MfaSmsEnrollInputSchema = v.strictObject({ phoneNumber: v.optional(MfaPhoneNumberSchema), mfaCode: MfaCodeSchema })
/** POST /api/v1/mfa/passwordless_sms/unenroll. */
export const MfaSmsUnenrollInputSchema = v.strictObject({})

/** Codes the plugin's routes answer that core doesn't declare. */
export const mfaSmsErrorCodes = [
  'twilio_verification_failed', // 422: the SMS provider refused or could not be reached (§8 wallet proxy error type)
  'mfa_sms_already_enrolled', // 409
  'mfa_sms_region_not_supported', // 403: the number's country is not in the app's SMS allowed_countries
] as const
