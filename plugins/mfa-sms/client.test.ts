import { describe, expect, it } from 'vitest'
import type { Foyer } from '../../core/client/types.js'
import { loadMfaEnrollmentKit } from '../mfa/index.js'
import { mfaSms, signsInBySms } from './index.js'
import { enrollErrorText as smsEnrollErrorText } from './screens/enrollErrorText.js'

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

  it('maps enrollment failures to the spec texts (max attempts and rate limits block input), the sender failure to its own, anything else to Unknown error', async () => {
    const { mfaEnrollErrorText } = await loadMfaEnrollmentKit()
    const enrollErrorText = (error: unknown) => smsEnrollErrorText(error, mfaEnrollErrorText)
    expect(enrollErrorText({ code: 'INVALID_CREDENTIALS' })).toEqual({ text: 'mfa.error.invalidCode', blocked: false })
    expect(enrollErrorText({ code: 'MFA_VERIFICATION_MAX_ATTEMPTS_REACHED' })).toEqual({ text: 'mfa.error.maxAttempts', blocked: true })
    expect(enrollErrorText({ code: 'TOO_MANY_REQUESTS' })).toEqual({ text: 'mfa.error.rateLimited', blocked: true })
    expect(enrollErrorText({ code: 'MFA_TIMEOUT' })).toEqual({ text: 'mfa.error.timeout', blocked: false })
    expect(enrollErrorText({ code: 'MFA_CANCELED' })).toEqual({ text: 'mfa.error.canceled', blocked: false })
    expect(enrollErrorText({ code: 'TWILIO_VERIFICATION_FAILED' })).toEqual({ text: 'mfaSms.sendFailed', blocked: false })
    expect(enrollErrorText(new Error('boom'))).toEqual({ text: 'mfa.error.enrollment', blocked: false })
  })
})
