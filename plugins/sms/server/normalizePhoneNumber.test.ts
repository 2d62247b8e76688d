import { describe, expect, it } from 'vitest'
import { normalizePhoneNumber } from './normalizePhoneNumber.js'

describe('normalizePhoneNumber (server)', () => {
  it('answers E.164 and the country for valid international numbers in any punctuation', () => {
    expect(normalizePhoneNumber('+1 (202) 555-0123')).toEqual({ e164: '+12025550123', country: 'US' })
    expect(normalizePhoneNumber(' +44 7400 123456 ')).toEqual({ e164: '+447400123456', country: 'GB' })
    expect(normalizePhoneNumber('+1 416 555 0123')).toEqual({ e164: '+14165550123', country: 'CA' })
  })

  it('refuses national numbers without a country, wrong lengths and non-numbers', () => {
    expect(normalizePhoneNumber('2025550123')).toBeNull()
    expect(normalizePhoneNumber('+1 202 555 012')).toBeNull()
    expect(normalizePhoneNumber('+1 202 555 01234')).toBeNull()
    expect(normalizePhoneNumber('+1')).toBeNull()
    expect(normalizePhoneNumber('+49 1')).toBeNull()
    expect(normalizePhoneNumber('+49 123456789012345678')).toBeNull()
    expect(normalizePhoneNumber('hello')).toBeNull()
  })

  it('refuses input over 250 characters', () => {
    expect(normalizePhoneNumber(`+1 202 555 0123${' '.repeat(236)}`)).toBeNull()
    expect(normalizePhoneNumber(`+1 202 555 0123${' '.repeat(235)}`)).toEqual({ e164: '+12025550123', country: 'US' })
  })
})
