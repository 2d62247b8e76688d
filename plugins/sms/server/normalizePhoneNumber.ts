import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js'
import { PHONE_INPUT_MAX_LENGTH } from '../schema.js'

/** The spec's bounds of a national number. */
export const NATIONAL_NUMBER_MIN_DIGITS = 2
export const NATIONAL_NUMBER_MAX_DIGITS = 17

/** A checked phone number: E.164 and the country its digits belong to (null for non-geographic numbers). */
export interface NormalizedPhoneNumber {
  e164: string
  country: string | null
}

/**
 * Server-side check of an international number with libphonenumber-js: at most 250 characters, a
 * national number of 2 to 17 digits, valid for its country. Answers E.164, or null when invalid.
 */
export function normalizePhoneNumber(raw: string): NormalizedPhoneNumber | null {
  if (raw.length > PHONE_INPUT_MAX_LENGTH) return null
  const phone = parsePhoneNumberFromString(raw.trim())
  if (!phone) return null
  const digits = phone.nationalNumber.length
  if (digits < NATIONAL_NUMBER_MIN_DIGITS || digits > NATIONAL_NUMBER_MAX_DIGITS) return null
  if (!phone.isValid()) return null
  return { e164: phone.number, country: phone.country ?? null }
}

/** True when `country` (ISO 3166-1 alpha-2) is one libphonenumber knows. */
export const isPhoneCountry = (country: string) => isSupportedCountry(country)
