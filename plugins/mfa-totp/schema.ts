import * as v from 'valibot'
import { MfaCodeSchema } from '../../core/protocol/index.js'

/** §3 TOTP enrollment info: the otpauth URL the QR code shows, and the secret to type by hand. */
export const TotpEnrollmentInfoSchema = v.object({ authUrl: v.pipe(v.string(), v.startsWith('otpauth://totp/')), secret: v.string() })
export type TotpEnrollmentInfo = v.InferOutput<typeof TotpEnrollmentInfoSchema>

/** POST /api/v1/mfa/totp/enroll/init. */
export const TotpEnrollInitInputSchema = v.strictObject({})
/** POST /api/v1/mfa/totp/enroll: the first code of the new secret (`mfaCode`, as the spec's submitEnrollmentWithTotp). */
export const TotpEnrollInputSchema = v.strictObject({ mfaCode: MfaCodeSchema })
/** POST /api/v1/mfa/totp/unenroll. */
export const TotpUnenrollInputSchema = v.strictObject({})

/** Codes the plugin's routes answer that core doesn't declare. */
export const totpErrorCodes = ['mfa_already_enrolled'] as const

/** Server messages. */
export const totpServerTexts = {
  alreadyEnrolled: 'Authenticator app verification is already enabled',
  notEnabled: 'Authenticator app verification is not enabled for this app',
  noPendingEnrollment: 'Start the authenticator app enrollment again',
} as const
