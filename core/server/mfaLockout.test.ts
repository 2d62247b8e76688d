import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_METHOD_LOCKED_TEXT } from '../protocol/index.js'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { defineServerPlugin } from './defineServerPlugin.js'
import { MFA_MAX_ATTEMPTS } from './mfaChallenges.js'
import { MFA_LOCKOUT_FAILURES } from './mfaLockout.js'

// Two stand-in methods every user has: the right answer is '424242'; checks are counted.
let checks = 0
const stub = (method: 'totp' | 'sms') =>
  defineServerPlugin({
    id: `stub-${method}`,
    mfa: {
      method,
      enrolled: async () => true,
      answer: v.pipe(v.string(), v.regex(/^\d{6}$/)),
      async verify(_caller, answer) {
        checks++
        return answer === '424242'
      },
    },
    routes() {},
  })

let clock = Date.parse('2026-03-01T00:00:00Z')
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), stub('totp'), stub('sms')],
    now: () => clock,
    app: { mfa_methods: ['totp', 'sms'] },
    // The per-10-minute limits would stop a test long before 100 failures; the lockout is what is under test.
    rateLimits: { 'mfa.verify.user': { limit: 100_000 }, 'mfa.init.user': { limit: 100_000 } },
  })
})
afterAll(() => t.close())

const post = async (path: string, token: string, body: unknown = {}) => {
  const res = await t.request(path, { token, body })
  return { status: res.status, body: (await res.json()) as { code?: string; error?: string; success?: boolean } }
}
const init = (token: string, method: string) => post('/api/v1/mfa/init', token, { method })
const verify = (token: string, method: string, code: string) => post('/api/v1/mfa/verify', token, { method, code })
const failures = async (userId: string, method: string) =>
  Number((await t.server.db.query<{ failures: number }>('SELECT failures FROM mfa_lockouts WHERE user_id = $1 AND method = $2', [userId, method]))[0]?.failures ?? 0)

/** `n` wrong guesses with `method`, a new challenge every 4 (each spent challenge blocks for 10 s: the clock moves). */
async function guessWrong(token: string, method: string, n: number) {
  const codes: (string | undefined)[] = []
  for (let i = 0; i < n; i++) {
    if (i % MFA_MAX_ATTEMPTS === 0) {
      clock += 11_000
      expect((await init(token, method)).status).toBe(200)
    }
    codes.push((await verify(token, method, '000000')).body.code)
  }
  return codes
}

/** A signed-in user whose `method` has just locked. */
async function lockedUser(email: string, method = 'totp') {
  const { token, user } = await t.login(email)
  await guessWrong(token!, method, MFA_LOCKOUT_FAILURES)
  // The last challenge spent its 4 guesses: its 10 s block ends, so what follows meets the lock alone.
  clock += 11_000
  return { token: token!, userId: user.id }
}

describe(`MFA lockout after ${MFA_LOCKOUT_FAILURES} failures in a row (NIST SP 800-63B §5.2.2)`, () => {
  it('counts consecutive failures per method: a right answer resets them; the 100th wrong one locks with a clear text', async () => {
    const { token: given, user } = await t.login('count@example.com')
    const token = given!
    const early = await guessWrong(token, 'totp', MFA_LOCKOUT_FAILURES - 1)
    expect(early.every((code) => code === 'missing_or_invalid_mfa' || code === 'mfa_verification_max_attempts_reached')).toBe(true)
    expect(await failures(user.id, 'totp')).toBe(MFA_LOCKOUT_FAILURES - 1)
    // The other method's count is its own.
    expect(await failures(user.id, 'sms')).toBe(0)
    clock += 11_000
    await init(token, 'totp')
    expect((await verify(token, 'totp', '424242')).status).toBe(200)
    expect(await failures(user.id, 'totp')).toBe(0)

    const codes = await guessWrong(token, 'totp', MFA_LOCKOUT_FAILURES)
    expect(codes.slice(0, -1)).not.toContain('mfa_method_locked')
    expect(codes.at(-1)).toBe('mfa_method_locked')
    expect(await t.server.ctx.mfa.lockout.locked(user.id)).toEqual(['totp'])
  })

  it('a locked method answers 403 mfa_method_locked to init and verify, and nothing else changes', async () => {
    const { token, userId } = await lockedUser('locked@example.com')
    const state = async () => ({
      challenges: await t.server.db.query('SELECT method, attempts, created_at FROM mfa_challenges WHERE user_id = $1', [userId]),
      limits: await t.server.db.query('SELECT key, count FROM rate_limits WHERE key LIKE $1 ORDER BY key', [`%${userId}`]),
      lockouts: await t.server.db.query('SELECT method, failures, locked_at FROM mfa_lockouts WHERE user_id = $1', [userId]),
    })
    const before = await state()
    checks = 0
    clock += 11_000
    expect(await init(token, 'totp')).toEqual({ status: 403, body: { code: 'mfa_method_locked', error: MFA_METHOD_LOCKED_TEXT } })
    // Even the right answer: a locked method is not checked at all.
    expect(await verify(token, 'totp', '424242')).toEqual({ status: 403, body: { code: 'mfa_method_locked', error: MFA_METHOD_LOCKED_TEXT } })
    expect(checks).toBe(0)
    expect(await state()).toEqual(before)
    expect(MFA_METHOD_LOCKED_TEXT).toMatch(/locked after too many failed attempts\. Log in again and verify with another method, or contact support\./)
  })

  it('the way out: a new login that passes another method unlocks it; the guessing session passing it does not', async () => {
    const { token, userId } = await lockedUser('wayout@example.com')
    // The session that guessed passes SMS: TOTP stays locked (a stolen session with one factor proves nothing new).
    expect((await init(token, 'sms')).status).toBe(200)
    expect((await verify(token, 'sms', '424242')).status).toBe(200)
    expect((await init(token, 'totp')).body.code).toBe('mfa_method_locked')

    clock += 1000
    const fresh = (await t.login('wayout@example.com')).token!
    // A new login alone, or a failed SMS guess, leaves it locked.
    expect((await init(fresh, 'totp')).body.code).toBe('mfa_method_locked')
    await init(fresh, 'sms')
    expect((await verify(fresh, 'sms', '000000')).body.code).toBe('missing_or_invalid_mfa')
    expect((await init(fresh, 'totp')).body.code).toBe('mfa_method_locked')
    await init(fresh, 'sms')
    expect((await verify(fresh, 'sms', '424242')).status).toBe(200)
    expect(await t.server.ctx.mfa.lockout.locked(userId)).toEqual([])
    expect((await init(fresh, 'totp')).status).toBe(200)
    expect((await verify(fresh, 'totp', '424242')).status).toBe(200)
  })

  it("support's reset: ctx.mfa.unlock(userId, method?) lifts the lock and answers the methods that were locked", async () => {
    const { token, userId } = await lockedUser('support@example.com')
    expect(await t.server.ctx.mfa.unlock(userId, 'sms')).toEqual([])
    expect((await init(token, 'totp')).body.code).toBe('mfa_method_locked')
    expect(await t.server.ctx.mfa.unlock(userId)).toEqual(['totp'])
    expect(await failures(userId, 'totp')).toBe(0)
    expect((await init(token, 'totp')).status).toBe(200)
    expect((await verify(token, 'totp', '424242')).status).toBe(200)
  })

  it('parallel guesses at the limit are counted exactly: 100 failures, no check past the lock', async () => {
    const { token: given, user } = await t.login('burst@example.com')
    await guessWrong(given!, 'totp', MFA_LOCKOUT_FAILURES - 2)
    // Three sessions, each with a live challenge: up to 12 guesses could be counted by the challenges.
    const tokens = [given!, (await t.login('burst@example.com')).token!, (await t.login('burst@example.com')).token!]
    clock += 11_000
    for (const token of tokens) expect((await init(token, 'totp')).status).toBe(200)
    checks = 0
    const answers = await Promise.all(tokens.flatMap((token) => Array.from({ length: 4 }, () => verify(token, 'totp', '000000'))))
    expect(checks).toBe(2)
    expect(await failures(user.id, 'totp')).toBe(MFA_LOCKOUT_FAILURES)
    expect(answers.filter((a) => a.body.code === 'mfa_method_locked').length).toBe(answers.length - 1)
  })
})
