import { describe, expect, it } from 'vitest'
import type { Foyer } from '../../core/client/types.js'
import { mfaSms, signsInBySms } from './index.js'
import { enrollErrorText } from './screens/enrollErrorText.js'

const withAccounts = (types: string[]) =>
  ({ $session: { peek: () => ({ status: 'authenticated', user: { linkedAccounts: types.map((type) => ({ type })) } }) } }) as unknown as Foyer

describe('the SMS MFA client slot', () => {
  it("is a code method enrolled on 'mfa-sms/enroll', named SMS in both lists", () => {
    const plugin = mfaSms()
    expect(plugin.mfa).toMatchObject({ method: 'sms', verification: 'code', enrollScreen: 'mfa-sms/enroll', label: 'mfaSms.label', chooserLabel: 'mfaSms.chooserLabel' })
    expect([plugin.texts?.['mfaSms.label'], plugin.texts?.['mfaSms.verify.title'], plugin.texts?.['mfaSms.success.title']]).toEqual(['SMS', 'Enter enrollment code', 'SMS verification added'])
  })

  it('is unavailable (the chooser disables it) for a user who signs in by SMS: a linked phone account', () => {
    expect(signsInBySms(withAccounts(['email', 'phone']))).toBe(true)
    expect(signsInBySms(withAccounts(['email', 'wallet']))).toBe(false)
    expect(mfaSms().mfa?.unavailable?.(withAccounts(['phone']))).toBe(true)
  })

  it('maps enrollment failures to the spec texts, the sender failure to its own, anything else to Unknown error', () => {
    expect(enrollErrorText({ code: 'INVALID_CREDENTIALS' })).toBe('mfa.error.invalidCode')
    expect(enrollErrorText({ code: 'MFA_VERIFICATION_MAX_ATTEMPTS_REACHED' })).toBe('mfa.error.maxAttempts')
    expect(enrollErrorText({ code: 'MFA_TIMEOUT' })).toBe('mfa.error.timeout')
    expect(enrollErrorText({ code: 'TWILIO_VERIFICATION_FAILED' })).toBe('mfaSms.sendFailed')
    expect(enrollErrorText(new Error('boom'))).toBe('mfa.error.enrollment')
  })
})
