import * as v from 'valibot'

/** The MFA methods the spec knows (§5); others are 'Unsupported MFA method'. */
export const mfaMethodNames = ['sms', 'passkey', 'totp'] as const
export type MfaMethodName = (typeof mfaMethodNames)[number]

/** §5 texts of MFA input. */
export const mfaInputTexts = {
  invalidCode: 'Invalid MFA code',
  unsupportedMethod: 'Unsupported MFA method',
} as const

/**
 * 403 mfa_method_locked: a method failed 100 verifications in a row (NIST SP 800-63B §5.2.2). The way out is in the text:
 * a new login verified with another method unlocks it, or support does.
 */
export const MFA_METHOD_LOCKED_TEXT =
  'This verification method is locked after too many failed attempts. Log in again and verify with another method, or contact support.'

/** A totp or sms code: a string, trimmed, six digits (§5, §9 code length 6). */
export const MfaCodeSchema = v.pipe(
  v.string(mfaInputTexts.invalidCode),
  v.trim(),
  v.regex(/^\d{6}$/, mfaInputTexts.invalidCode),
)

/** POST /api/v1/mfa/init: starts a verification with one of the user's methods. */
export const MfaInitInputSchema = v.strictObject({ method: v.picklist(mfaMethodNames, mfaInputTexts.unsupportedMethod) })
/** What init answers: method data (passkey options…), possibly nothing. */
export const MfaInitOutputSchema = v.looseObject({})

/** POST /api/v1/mfa/verify: the answer to the live challenge (a code for totp and sms, an assertion for passkey). */
export const MfaVerifyInputSchema = v.strictObject({
  method: v.picklist(mfaMethodNames, mfaInputTexts.unsupportedMethod),
  code: v.union([v.string(), v.looseObject({})], mfaInputTexts.invalidCode),
})
export const MfaVerifyOutputSchema = v.looseObject({ success: v.literal(true) })

/** POST /api/v1/mfa/cancel. */
export const MfaCancelInputSchema = v.strictObject({})

/** The kernel's MFA calls (the methods' own enrollment calls live in their plugins). */
export const mfaPaths = {
  init: '/api/v1/mfa/init',
  verify: '/api/v1/mfa/verify',
  cancel: '/api/v1/mfa/cancel',
} as const
