import { createHash, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CodeChallengeSchema, CodeVerifierSchema } from './pkce.js'

const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success

describe('PKCE schemas (RFC 7636)', () => {
  it('a verifier is 43 to 128 characters: 42 and 129 are refused', () => {
    expect([42, 43, 128, 129].map((n) => ok(CodeVerifierSchema, 'a'.repeat(n)))).toEqual([false, true, true, false])
  })

  it('of A-Z, a-z, 0-9, "-", ".", "_" and "~" only; what Foyer sends (36 random bytes, base64url) fits', () => {
    expect(ok(CodeVerifierSchema, `AZaz09-._~${'x'.repeat(33)}`)).toBe(true)
    for (const bad of ['+', '/', '=', ' ', 'é', '%']) expect(ok(CodeVerifierSchema, `${'a'.repeat(42)}${bad}`)).toBe(false)
    expect(ok(CodeVerifierSchema, 43)).toBe(false)
    expect(ok(CodeVerifierSchema, randomBytes(36).toString('base64url'))).toBe(true)
    const issue = v.safeParse(CodeVerifierSchema, 'a'.repeat(42)).issues![0]!
    expect(issue.message).toBe('Invalid code verifier')
  })

  it('a challenge is the S256 form: 43 base64url characters', () => {
    const s256 = createHash('sha256').update(randomBytes(36).toString('base64url')).digest('base64url')
    expect(s256).toHaveLength(43)
    expect(ok(CodeChallengeSchema, s256)).toBe(true)
    for (const bad of [s256.slice(0, 42), `${s256}A`, `${s256.slice(0, 42)}.`, `${s256.slice(0, 42)}+`, `${s256}=`]) expect(ok(CodeChallengeSchema, bad)).toBe(false)
  })
})
