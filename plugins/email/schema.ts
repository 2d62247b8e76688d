import * as v from 'valibot'
import { CodeSchema, ModeSchema, TransferNonceSchema, otpTexts } from '../../core/protocol/index.js'

export { CODE_LENGTH, CodeSchema } from '../../core/protocol/index.js'

/** Texts of the e-mail validators (the spec's English). */
export const emailTexts = {
  invalidEmail: 'Please enter a valid email address.',
  plusNotAllowed: "Please enter a valid email address without a '+'.",
  emailRequired: 'Email required to send OTP code',
  ...otpTexts,
} as const

/** An e-mail address; with `disablePlusEmails` an address containing '+' is refused. */
export function emailSchema(options: { disablePlusEmails?: boolean } = {}) {
  return v.pipe(
    v.string(emailTexts.emailRequired),
    v.trim(),
    v.nonEmpty(emailTexts.emailRequired),
    v.maxLength(320, emailTexts.invalidEmail),
    v.email(emailTexts.invalidEmail),
    v.check((value) => !options.disablePlusEmails || !value.includes('+'), emailTexts.plusNotAllowed),
    v.toLowerCase(),
  )
}

const Email = emailSchema()
const CaptchaToken = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096))))

/** POST /api/v1/passwordless/init */
export const InitInputSchema = v.object({ email: Email, token: CaptchaToken })
/** POST /api/v1/passwordless/authenticate */
export const AuthenticateInputSchema = v.object({ email: Email, code: CodeSchema, mode: ModeSchema })
/** POST /api/v1/passwordless/link */
export const LinkInputSchema = v.object({ email: Email, code: CodeSchema })
/** POST /api/v1/passwordless/update */
export const UpdateInputSchema = v.object({ oldAddress: Email, newAddress: Email, code: CodeSchema })
/** POST /api/v1/passwordless/unlink */
export const UnlinkInputSchema = v.object({ address: Email })
/** POST /api/v1/passwordless/transfer: the nonce of the link's 400 account_transfer_required. */
export const TransferInputSchema = v.object({ email: Email, nonce: TransferNonceSchema })
/** Answer of init. */
export const InitOutputSchema = v.object({ success: v.literal(true) })

