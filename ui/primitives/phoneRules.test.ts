import { describe, expect, it } from 'vitest'
import { maskPhone } from './maskPhone.js'
import { nextPhoneInputState } from './phoneInputState.js'
import * as rules from './phoneRules.js'
import { checkPhone, countryOptions, formatPhoneInput, parsePhone, PHONE_INPUT_MAX_LENGTH, supportedCountry } from './phoneRules.js'

describe('phone rules', () => {
  it('accepts a number valid for the selected country, in any punctuation, and answers E.164', () => {
    expect(checkPhone('(202) 555-0123', 'US')).toEqual({
      valid: true,
      value: { e164: '+12025550123', country: 'US', international: '+1 202 555 0123', national: '(202) 555-0123' },
    })
    expect(checkPhone('07400 123456', 'GB')).toMatchObject({ valid: true, value: { e164: '+447400123456' } })
    expect(checkPhone('+1 202 555 0123', 'US')).toMatchObject({ valid: true })
  })

  it('refuses a number of another country, even one sharing the calling code', () => {
    expect(checkPhone('416 555 0123', 'US')).toEqual({ valid: false, error: 'phone.invalid' })
    expect(checkPhone('416 555 0123', 'CA')).toMatchObject({ valid: true })
    expect(checkPhone('+44 7400 123456', 'US')).toEqual({ valid: false, error: 'phone.invalid' })
  })

  it('an empty input is incomplete (no message), a partial or lettered one invalid', () => {
    expect(checkPhone('', 'US')).toEqual({ valid: false, error: null })
    expect(checkPhone('   ', 'US')).toEqual({ valid: false, error: null })
    expect(checkPhone('202 555', 'US')).toEqual({ valid: false, error: 'phone.invalid' })
    expect(checkPhone('202-555-CALL', 'US')).toEqual({ valid: false, error: 'phone.invalid' })
  })

  it('a national number has 2 to 17 digits', () => {
    expect(checkPhone('1', 'DE')).toEqual({ valid: false, error: 'phone.invalid' })
    expect(checkPhone('1'.repeat(18), 'DE')).toEqual({ valid: false, error: 'phone.tooLong' })
    expect(checkPhone('+49 ' + '1'.repeat(18), 'DE')).toMatchObject({ valid: false })
  })

  it('input over 250 characters is refused as too long; 250 is still checked normally', () => {
    const padded = (n: number) => `2025550123${' '.repeat(n - 10)}`
    expect(padded(PHONE_INPUT_MAX_LENGTH + 1)).toHaveLength(251)
    expect(checkPhone(padded(251), 'US')).toEqual({ valid: false, error: 'phone.tooLong' })
    expect(checkPhone(padded(250), 'US')).toMatchObject({ valid: true })
    expect(parsePhone(`+12025550123${' '.repeat(240)}`, 'US')).toBeNull()
  })

  it('formats as you type for the selected country', () => {
    expect(formatPhoneInput('202', 'US')).toBe('(202)')
    expect(formatPhoneInput('2025550', 'US')).toBe('(202) 555-0')
    expect(formatPhoneInput('2025550123', 'US')).toBe('(202) 555-0123')
    expect(formatPhoneInput('07400123456', 'GB')).toBe('07400 123456')
  })

  it('an unknown default country falls back to US; the country list carries names and calling codes', () => {
    expect(supportedCountry('ZZ')).toBe('US')
    expect(supportedCountry(undefined)).toBe('US')
    expect(supportedCountry('GB')).toBe('GB')
    const list = countryOptions()
    expect(list.length).toBeGreaterThan(200)
    expect(list.find((c) => c.code === 'GB')).toEqual({ code: 'GB', name: 'United Kingdom', callingCode: '44' })
  })

  it('parsePhone takes any valid number and finds its country', () => {
    expect(parsePhone('+44 7400 123456', 'US')).toMatchObject({ e164: '+447400123456', country: 'GB' })
    expect(parsePhone('2025550123', 'US')).toMatchObject({ e164: '+12025550123', country: 'US' })
    expect(parsePhone('12', 'US')).toBeNull()
  })
})

describe('phone input state', () => {
  it('changing the country clears the number; choosing the same one keeps it', () => {
    const state = { country: 'US', input: '(202) 555-0123' }
    expect(nextPhoneInputState(state, { type: 'country', country: 'GB' }, rules)).toEqual({ country: 'GB', input: '' })
    expect(nextPhoneInputState(state, { type: 'country', country: 'US' }, rules)).toBe(state)
  })

  it('typing formats; deleting keeps the text as typed so backspace can cross a bracket', () => {
    const typed = nextPhoneInputState({ country: 'US', input: '' }, { type: 'input', value: '2025550' }, rules)
    expect(typed.input).toBe('(202) 555-0')
    expect(nextPhoneInputState(typed, { type: 'input', value: '(202) 555-' }, rules).input).toBe('(202) 555-')
    // Before the rules have loaded the text stays raw; their arrival formats it.
    const raw = nextPhoneInputState({ country: 'US', input: '' }, { type: 'input', value: '2025550' }, null)
    expect(raw.input).toBe('2025550')
    expect(nextPhoneInputState(raw, { type: 'loaded', rules }, rules).input).toBe('(202) 555-0')
  })
})

describe('maskPhone', () => {
  it('is an asterisk plus the last 4 characters', () => {
    expect(maskPhone('+12025550123')).toBe('*0123')
    expect(maskPhone(' +1 202 555 0199 ')).toBe('*0199')
  })
})
