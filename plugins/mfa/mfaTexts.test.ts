import { describe, expect, it } from 'vitest'
import { mfa } from './index.js'

describe("the enrolment screens' MFA window text", () => {
  it('names the default 15 minutes, or the window the host gives (the server’s mfaWindowSeconds / 60)', () => {
    expect(mfa().texts?.['mfa.enrolled.window']).toBe("This device is verified for the next 15 minutes, so you won't be asked to verify again until then.")
    expect(mfa({ windowMinutes: 5 }).texts?.['mfa.enrolled.window']).toContain('for the next 5 minutes')
    expect(mfa({ windowMinutes: 5, texts: { 'mfa.enrolled.window': 'Verified for {minutes} min.' } }).texts?.['mfa.enrolled.window']).toBe('Verified for 5 min.')
  })
})
