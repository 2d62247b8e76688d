import { AsYouType, getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js'
import type { CountryCode } from 'libphonenumber-js'

// This module carries libphonenumber-js and its country metadata: import it only with `import()`
// (PhoneInput and the SMS hook do), so it stays out of a host's initial JS.

/** Longest accepted phone input, in characters (the spec's limit). */
export const PHONE_INPUT_MAX_LENGTH = 250
/** The spec's bounds of a national number, in digits. */
export const NATIONAL_NUMBER_MIN_DIGITS = 2
export const NATIONAL_NUMBER_MAX_DIGITS = 17

/** A checked phone number. */
export interface PhoneValue {
  /** '+12025550123' */
  e164: string
  /** ISO 3166-1 alpha-2 of the number. */
  country: string
  /** '+1 202 555 0123' */
  international: string
  /** '(202) 555-0123' */
  national: string
}

/** What the phone rules say about an input: a number, or why not (i18n key; null while merely incomplete). */
export type PhoneCheck = { valid: true; value: PhoneValue } | { valid: false; error: 'phone.tooLong' | 'phone.invalid' | null }

/** A selectable country. */
export interface CountryOption {
  code: string
  name: string
  callingCode: string
}

/** `country` when libphonenumber knows it, else `fallback` (US). */
export function supportedCountry(country: string | null | undefined, fallback = 'US'): string {
  return country && isSupportedCountry(country) ? country : fallback
}

/** The calling code of a country, without '+'. */
export const callingCode = (country: string) => getCountryCallingCode(supportedCountry(country) as CountryCode)

let cachedCountries: CountryOption[] | null = null
/** Every country libphonenumber knows, sorted by its English name. */
export function countryOptions(): CountryOption[] {
  if (cachedCountries) return cachedCountries
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null
  cachedCountries = getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return cachedCountries
}

/** As-you-type formatting for `country`; input over the limit is left as typed (it is refused anyway). */
export function formatPhoneInput(input: string, country: string): string {
  if (input.length > PHONE_INPUT_MAX_LENGTH) return input
  return new AsYouType(supportedCountry(country) as CountryCode).input(input)
}

/**
 * The phone input's rules: at most 250 characters, a national number of 2 to 17 digits, and a
 * number valid for the selected `country` (a number of another country is invalid here).
 */
export function checkPhone(input: string, country: string): PhoneCheck {
  if (input.length > PHONE_INPUT_MAX_LENGTH) return { valid: false, error: 'phone.tooLong' }
  const text = input.trim()
  if (!text) return { valid: false, error: null }
  if (/[^\d\s().+-]/.test(text)) return { valid: false, error: 'phone.invalid' }
  const selected = supportedCountry(country) as CountryCode
  const phone = parsePhoneNumberFromString(text, selected)
  const national = text.startsWith('+') ? (phone?.nationalNumber ?? '') : text.replace(/\D/g, '')
  if (national.length > NATIONAL_NUMBER_MAX_DIGITS) return { valid: false, error: 'phone.tooLong' }
  if (!phone || national.length < NATIONAL_NUMBER_MIN_DIGITS || !phone.isValid()) return { valid: false, error: 'phone.invalid' }
  // A number sharing the calling code but belonging to another country (a Canadian number with US selected) is refused.
  const sameCountry = phone.country ? phone.country === selected : phone.countryCallingCode === getCountryCallingCode(selected)
  if (!sameCountry) return { valid: false, error: 'phone.invalid' }
  return { valid: true, value: { e164: phone.number, country: selected, international: phone.formatInternational(), national: phone.formatNational() } }
}

/**
 * Any valid number, international or national in `defaultCountry` (headless hooks, prefill): the
 * country comes from the number itself.
 */
export function parsePhone(input: string, defaultCountry: string): PhoneValue | null {
  if (input.length > PHONE_INPUT_MAX_LENGTH) return null
  const phone = parsePhoneNumberFromString(input.trim(), supportedCountry(defaultCountry) as CountryCode)
  if (!phone?.country) return null
  const checked = checkPhone(input, phone.country)
  return checked.valid ? checked.value : null
}
