import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { MFA_PHONE_INPUT_MAX_LENGTH } from '../schema.js'

/** E.164 of a valid international number (libphonenumber-js, national number of 2 to 17 digits, as the SMS login), or null. */
export function mfaPhoneE164(raw: string): string | null {
  if (raw.length > MFA_PHONE_INPUT_MAX_LENGTH) return null
  const phone = parsePhoneNumberFromString(raw.trim())
  if (!phone) return null
  const digits = phone.nationalNumber.length
  if (digits < 2 || digits > 17 || !phone.isValid()) return null
  return phone.number
}

/** The country (ISO 3166 alpha-2) of an E.164 number, when libphonenumber-js knows it. */
export const mfaPhoneCountry = (e164: string): string | undefined => parsePhoneNumberFromString(e164)?.country

/** A number for logs: the last two digits only. */
export const maskPhone = (e164: string) => `${'*'.repeat(Math.max(0, e164.length - 2))}${e164.slice(-2)}`
