import * as v from 'valibot'

/** Texts of the verification-code validators (the spec's English, the same for every code method). */
export const otpTexts = {
  codeNumeric: 'Code should be numeric',
  codeLength: 'Code must be exactly 6 digits',
} as const

/** Length of a verification code. */
export const CODE_LENGTH = 6

/** A verification code: trimmed, numeric, exactly 6 digits (the spec's rule for e-mail and SMS codes). */
export const CodeSchema = v.pipe(
  v.string(otpTexts.codeNumeric),
  v.trim(),
  v.regex(/^\d*$/, otpTexts.codeNumeric),
  v.length(CODE_LENGTH, otpTexts.codeLength),
)
