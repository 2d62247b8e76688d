import * as v from 'valibot'
import { CodeSchema, ModeSchema, TransferNonceSchema, otpTexts } from '../../core/protocol/index.js'

export { CodeSchema } from '../../core/protocol/index.js'

/** Texts of the SMS validators (the spec gives none for phone numbers: these are ours). */
export const smsTexts = {
  phoneRequired: 'Phone number required to send OTP code',
  invalidPhone: 'Please enter a valid phone number.',
  tooLong: 'Phone number is too long',
  ...otpTexts,
} as const

/** Longest accepted phone input (the spec's input limit). */
export const PHONE_INPUT_MAX_LENGTH = 250

/**
 * A phone number on the wire: a '+' and digits, spaces and punctuation allowed. Light on purpose (the
 * client's initial JS can't carry libphonenumber's metadata); the server and the phone input check
 * the number itself with libphonenumber-js.
 */
export const PhoneNumberSchema = v.pipe(
  v.string(smsTexts.phoneRequired),
  v.trim(),
  v.nonEmpty(smsTexts.phoneRequired),
  v.maxLength(PHONE_INPUT_MAX_LENGTH, smsTexts.tooLong),
  v.regex(/^\+[\d\s().-]+$/, smsTexts.invalidPhone),
)

const CaptchaToken = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096))))

/** POST /api/v1/passwordless_sms/init */
export const SmsInitInputSchema = v.object({ phoneNumber: PhoneNumberSchema, token: CaptchaToken })
/** POST /api/v1/passwordless_sms/authenticate */
export const SmsAuthenticateInputSchema = v.object({ phoneNumber: PhoneNumberSchema, code: CodeSchema, mode: ModeSchema })
/** POST /api/v1/passwordless_sms/link */
export const SmsLinkInputSchema = v.object({ phoneNumber: PhoneNumberSchema, code: CodeSchema })
/** POST /api/v1/passwordless_sms/update (the spec's snake_case fields) */
export const SmsUpdateInputSchema = v.object({ old_phone_number: PhoneNumberSchema, new_phone_number: PhoneNumberSchema, code: CodeSchema })
/** POST /api/v1/passwordless_sms/unlink */
export const SmsUnlinkInputSchema = v.object({ phoneNumber: PhoneNumberSchema })
/** POST /api/v1/passwordless_sms/transfer: the nonce of the link's 400 account_transfer_required. */
export const SmsTransferInputSchema = v.object({ phoneNumber: PhoneNumberSchema, nonce: TransferNonceSchema })
/** Answer of init. */
export const SmsInitOutputSchema = v.object({ success: v.literal(true) })

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half
 * declares them (ServerPlugin.errorCodes) and the client half maps them to texts.
 */
export const smsErrorCodes = [
  'region_not_supported', // 403: the number's country is not in the app's allowed_countries
] as const
export type SmsErrorCode = (typeof smsErrorCodes)[number]
