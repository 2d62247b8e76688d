import { describe, expect, it } from 'vitest'
import { mfa } from './index.js'

describe("the enrolment screens' MFA window text", () => {
  it("names the server's window as {duration} (no number of its own), and a host may reword it", () => {
    expect(mfa().texts?.['mfa.enrolled.window']).toBe("This device is verified for the next {duration}, so you won't be asked to verify again until then.")
    expect(mfa().texts?.['mfa.enrolled.window']).not.toMatch(/\d/)
    expect(mfa({ texts: { 'mfa.enrolled.window': 'Verified for {duration}.' } }).texts?.['mfa.enrolled.window']).toBe('Verified for {duration}.')
    expect([1, 2].map((n) => mfa().texts?.[n === 1 ? 'mfa.window.minute' : 'mfa.window.minutes'])).toEqual(['1 minute', '{count} minutes'])
  })
})
