import { describe, expect, it } from 'vitest'
import {
  confirmationError,
  generatePassword,
  isCommonPattern,
  passwordError,
  passwordScore,
  passwordStrength,
  passwordTexts,
  passwordValid,
} from './passwordRules.js'

describe('embedded wallet password rules (spec §5)', () => {
  it('needs at least 8 characters (ASVS 5.0 §6.2.1; the spec said 6), with the spec text', () => {
    expect(passwordError('abcdefg')).toBe('Password must be at least 8 characters')
    expect(passwordValid('abcdefg')).toBe(false)
    expect(passwordError('abcdefgh')).toBeNull()
    expect(passwordValid('abcdefgh')).toBe(true)
  })

  it('allows letters, digits and ! @ # $ % ^ & * ( ) - _ + only', () => {
    expect(passwordError('aZ09!@#$%^&*()-_+')).toBeNull()
    expect(passwordError('abc def')).toBe('Invalid characters used ( SPACE )')
    expect(passwordError('ab~c d~e.')).toBe('Invalid characters used ( ~ SPACE . )')
    expect(passwordError('pässword')).toBe('Invalid characters used ( ä )')
    // Invalid characters are reported before the length.
    expect(passwordError('a b')).toBe('Invalid characters used ( SPACE )')
    expect(passwordValid('abc def')).toBe(false)
  })

  it('an empty password shows no error but cannot continue', () => {
    expect(passwordError('')).toBeNull()
    expect(passwordValid('')).toBe(false)
  })

  it('strength: Medium above 0.5, Strong above 0.9; invalid is Weak', () => {
    expect(passwordStrength('abcdef')).toBe('Weak')
    expect(passwordScore('abcdef')).toBeLessThanOrEqual(0.5)
    expect(passwordScore('Kvbqmtrh1!')).toBeGreaterThan(0.5)
    expect(passwordScore('Kvbqmtrh1!')).toBeLessThanOrEqual(0.9)
    expect(passwordStrength('Kvbqmtrh1!')).toBe('Medium')
    expect(passwordScore('Abcdefgh1!xyz12')).toBeGreaterThan(0.9)
    expect(passwordStrength('Abcdefgh1!xyz12')).toBe('Strong')
    // Long enough to score high, but a space makes it invalid: Weak.
    expect(passwordScore('Abcdefgh1!xyz12 ')).toBeGreaterThan(0.9)
    expect(passwordStrength('Abcdefgh1!xyz12 ')).toBe('Weak')
  })

  it('a common password, a repeat or a keyboard / alphabet run with digits and symbols tacked on is Weak, however it scores', () => {
    for (const p of ['P@ssw0rd1!', 'Password123!', 'Qwertyuiop12', 'aaaaaaaaaaaa', 'Abcdefgh1!', '1234567890', 'Zyxwvuts99', 'Letmein2024!!'])
      expect([p, passwordStrength(p)]).toEqual([p, 'Weak'])
    // The same length and classes without the pattern keep their score's label.
    expect(passwordStrength('Kvbqmtrh1!')).toBe('Medium')
    expect(passwordStrength('Quiet-Harbor-Lamp-42')).toBe('Strong')
    expect(isCommonPattern('Password-Harbor')).toBe(false)
  })

  it('character-class diversity counts only from 8 characters', () => {
    // 7 characters of 4 classes score entropy only; one more lowercase letter adds the diversity quarter.
    const seven = passwordScore('Ab1!cde')
    const eight = passwordScore('Ab1!cdef')
    expect(eight - seven).toBeGreaterThan(0.25 - 0.01)
  })

  it('the confirmation must equal the password', () => {
    expect(confirmationError('Secret-1', 'Secret-2')).toBe('Passwords do not match')
    expect(confirmationError('Secret-1', 'Secret-1')).toBeNull()
    expect(confirmationError('Secret-1', '')).toBeNull()
  })

  it('a generated password is 4 words, valid and Strong, and differs each time', () => {
    const a = generatePassword()
    expect(a.split('-')).toHaveLength(4)
    expect(passwordValid(a)).toBe(true)
    expect(passwordStrength(a)).toBe('Strong')
    expect(generatePassword()).not.toBe(a)
  })

  it('the acknowledgement text is the spec’s', () => {
    expect(passwordTexts.acknowledgement).toBe('I understand that if I lose my password and device, I will lose access to my account and my assets.')
  })
})
