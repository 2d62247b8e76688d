import { randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CodeChallengeSchema as CoreChallenge, CodeVerifierSchema as CoreVerifier } from '../../core/protocol/pkce.js'
import { CodeChallengeSchema, CodeVerifierSchema } from './schema.js'

// The OAuth plugin writes RFC 7636's two rules with its own helper (a smaller first load): they must answer as core's.
describe("the OAuth plugin's PKCE schemas", () => {
  it("accept and refuse exactly what core's RFC 7636 schemas do", () => {
    const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success
    const verifiers = ['a'.repeat(42), 'a'.repeat(43), 'a'.repeat(128), 'a'.repeat(129), `${'a'.repeat(42)}.`, `${'a'.repeat(42)}~`, `${'a'.repeat(42)}+`, `${'a'.repeat(42)}=`, `${'a'.repeat(42)} `, randomBytes(36).toString('base64url'), 43]
    for (const value of verifiers) expect([value, ok(CodeVerifierSchema, value)]).toEqual([value, ok(CoreVerifier, value)])
    const challenges = ['a'.repeat(42), 'a'.repeat(43), 'a'.repeat(44), `${'a'.repeat(42)}.`, `${'a'.repeat(42)}_`, `${'a'.repeat(42)}-`, 43]
    for (const value of challenges) expect([value, ok(CodeChallengeSchema, value)]).toEqual([value, ok(CoreChallenge, value)])
  })
})
