import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { defineServerPlugin } from './defineServerPlugin.js'
import { MFA_CODE_WAIT_MS, MFA_MAX_ATTEMPTS } from './mfaChallenges.js'

// A stand-in method: every user is enrolled, the right answer is '424242', and each check is counted.
let checks = 0
const stubMethod = defineServerPlugin({
  id: 'stub-mfa',
  mfa: {
    method: 'sms',
    enrolled: async () => true,
    answer: v.pipe(v.string(), v.regex(/^\d{6}$/, 'Invalid MFA code')),
    challenge: async () => ({ data: { sent: true }, state: 'kept' }),
    async verify(_caller, answer, challenge) {
      checks++
      return answer === '424242' && challenge.state === 'kept'
    },
  },
  routes(app, ctx) {
    app.post('/api/v1/stub-mfa/protected', async (c) => c.json(await ctx.requireMfa(c)))
  },
})

let clock = Date.parse('2026-02-01T00:00:00Z')
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), stubMethod], now: () => clock, app: { mfa_methods: ['sms'] } })
})
afterAll(() => t.close())

const post = async (path: string, token: string, body: unknown = {}) => {
  const res = await t.request(path, { token, body })
  return { status: res.status, body: await res.json() }
}
const verify = (token: string, code: unknown) => post('/api/v1/mfa/verify', token, { method: 'sms', code })

describe('MFA challenges (core /api/v1/mfa)', () => {
  it('passes init data through, and a right answer records the verification that requireMfa reads', async () => {
    const token = (await t.login('right@example.com')).token!
    expect((await post('/api/v1/stub-mfa/protected', token)).body.code).toBe('missing_or_invalid_mfa')
    expect(await post('/api/v1/mfa/init', token, { method: 'sms' })).toEqual({ status: 200, body: { sent: true } })
    expect(await verify(token, '424242')).toEqual({ status: 200, body: { success: true } })
    expect((await post('/api/v1/stub-mfa/protected', token)).status).toBe(200)
    // The challenge is used up: the same answer again has nothing to answer.
    expect((await verify(token, '424242')).body.code).toBe('missing_or_invalid_mfa')
  })

  it(`counts at most ${MFA_MAX_ATTEMPTS} checks under 12 parallel guesses, the right one among them`, async () => {
    const token = (await t.login('burst@example.com')).token!
    await post('/api/v1/mfa/init', token, { method: 'sms' })
    checks = 0
    const guesses = Array.from({ length: 12 }, (_, i) => (i === 6 ? '424242' : String(100000 + i)))
    const answers = await Promise.all(guesses.map((code) => verify(token, code)))
    expect(checks).toBeLessThanOrEqual(MFA_MAX_ATTEMPTS)
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1)
    // The guesses past the cap were answered without a check: the cap was reached, or the right guess (if it came
    // early) used the challenge up. Which one depends on the order the 12 arrive in; neither is a 5xx.
    expect(answers.every((a) => a.status === 200 || ['mfa_verification_max_attempts_reached', 'missing_or_invalid_mfa'].includes(a.body.code))).toBe(true)
    expect(answers.filter((a) => a.status !== 200).length).toBeGreaterThanOrEqual(12 - MFA_MAX_ATTEMPTS)
  })

  it('refuses bad input with 400 and counts nothing; an unknown or disabled method is unsupported', async () => {
    const { token: given, user } = await t.login('input@example.com')
    const token = given!
    await post('/api/v1/mfa/init', token, { method: 'sms' })
    checks = 0
    for (const code of [424242, '42424', { x: 1 }, null]) expect((await verify(token, code)).status).toBe(400)
    expect((await post('/api/v1/mfa/init', token, { method: 'email' })).body.error).toContain('Unsupported MFA method')
    expect((await post('/api/v1/mfa/init', token, { method: 'totp' })).body.error).toContain('Unsupported MFA method')
    expect((await post('/api/v1/mfa/init', token, { method: 'sms', extra: 1 })).status).toBe(400)
    expect(checks).toBe(0)
    const [row] = await t.server.db.query<{ attempts: number }>('SELECT attempts FROM mfa_challenges WHERE user_id = $1', [user.id])
    expect(Number(row!.attempts)).toBe(0)
    expect((await verify(token, '424242')).status).toBe(200)
  })

  it(`times out ${MFA_CODE_WAIT_MS} ms after init; cancel drops the challenge; a caller without a session gets 401`, async () => {
    const token = (await t.login('timeout@example.com')).token!
    await post('/api/v1/mfa/init', token, { method: 'sms' })
    clock += MFA_CODE_WAIT_MS + 1
    expect(await verify(token, '424242')).toEqual({ status: 400, body: { error: 'Timed out waiting for MFA code', code: 'mfa_timeout' } })
    await post('/api/v1/mfa/init', token, { method: 'sms' })
    expect((await post('/api/v1/mfa/cancel', token)).status).toBe(200)
    expect((await verify(token, '424242')).body.code).toBe('missing_or_invalid_mfa')
    expect((await t.request('/api/v1/mfa/init', { body: { method: 'sms' } })).status).toBe(401)
  })

  it('limits a user to 20 guesses per 10 minutes across challenges (429)', async () => {
    const token = (await t.login('limit@example.com')).token!
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      clock += 11_000
      await post('/api/v1/mfa/init', token, { method: 'sms' })
      for (let j = 0; j < 3; j++) statuses.push((await verify(token, '000000')).status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 403)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})
