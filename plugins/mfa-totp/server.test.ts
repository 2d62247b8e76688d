import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_LOCKOUT_FAILURES } from '../../core/server/mfaLockout.js'
import { emailServer } from '../email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { mfaTotpServer } from './server.js'

let clock = Date.parse('2026-01-01T00:00:00Z')
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), mfaTotpServer({ key: Buffer.alloc(32, 7).toString('base64') })],
    now: () => clock,
    app: { mfa_methods: ['totp'] },
  })
})
afterAll(() => t.close())

const post = async (path: string, token: string, body: unknown = {}) => {
  const res = await t.request(path, { token, body })
  return { status: res.status, body: await res.json() }
}
const epoch = () => Math.floor(clock / 1000)
const codeFor = (secret: string, at = epoch()) => generate({ secret, epoch: at })
/** A code of `secret` that isn't `code` (wrong but well-formed). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** Logs `email` in and enrolls TOTP; answers the token, the secret and the user id. */
async function enrolled(email: string) {
  const { token, user } = await t.login(email)
  const init = await post('/api/v1/mfa/totp/enroll/init', token!)
  expect(init.status).toBe(200)
  expect(init.body.authUrl).toMatch(/^otpauth:\/\/totp\/Test%20App:/)
  const done = await post('/api/v1/mfa/totp/enroll', token!, { mfaCode: await codeFor(init.body.secret) })
  expect([done.status, done.body.mfaMethods]).toEqual([200, ['totp']])
  // The next codes are a later step: the enrollment code's step is spent.
  clock += 30_000
  return { token: token!, secret: init.body.secret as string, userId: user.id }
}

describe('TOTP enrollment', () => {
  it('stores the secret sealed, not in the clear', async () => {
    const { secret } = await enrolled('sealed@example.com')
    const rows = await t.server.db.query<{ secret: string }>('SELECT secret FROM mfa_totp')
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.secret).not.toContain(secret)
  })

  it('refuses a malformed code with 400 and counts no attempt', async () => {
    const { token } = await t.login('malformed@example.com')
    const { body } = await post('/api/v1/mfa/totp/enroll/init', token!)
    for (const mfaCode of ['12345', 'abcdef', 123456, null]) {
      expect((await post('/api/v1/mfa/totp/enroll', token!, { mfaCode })).status).toBe(400)
    }
    // All 4 attempts are still there: three wrong codes, then the right one passes.
    const right = await codeFor(body.secret)
    for (let i = 0; i < 3; i++) expect((await post('/api/v1/mfa/totp/enroll', token!, { mfaCode: wrong(right) })).body.code).toBe('invalid_credentials')
    expect((await post('/api/v1/mfa/totp/enroll', token!, { mfaCode: right })).status).toBe(200)
  })

  it('needs a fresh verification to enroll again or to remove, once a method is enrolled', async () => {
    const { token, secret } = await enrolled('gated@example.com')
    // A new session of the same user has not verified.
    const other = (await t.login('gated@example.com')).token!
    expect((await post('/api/v1/mfa/totp/unenroll', other)).body.code).toBe('missing_or_invalid_mfa')
    expect((await post('/api/v1/mfa/totp/enroll/init', other)).body.code).toBe('missing_or_invalid_mfa')

    expect((await post('/api/v1/mfa/init', other, { method: 'totp' })).status).toBe(200)
    expect((await post('/api/v1/mfa/verify', other, { method: 'totp', code: await codeFor(secret) })).status).toBe(200)
    const removed = await post('/api/v1/mfa/totp/unenroll', other)
    expect([removed.status, removed.body.mfaMethods]).toEqual([200, []])
    // One event each in the audit log (and for webhooks): enrolled, removed; a second removal removes nothing.
    expect((await post('/api/v1/mfa/totp/unenroll', other)).status).toBe(200)
    const userId = (await t.login('gated@example.com')).user.id
    const events = await t.server.ctx.audit.list({ appId: t.appId, userId, limit: 100 })
    expect(events.filter((e) => e.event.startsWith('mfa.')).map((e) => [e.event, e.data.method])).toEqual([['mfa.disabled', 'totp'], ['mfa.enabled', 'totp']])
    // The first session enrolled (a verification): with no method left it passes anyway.
    expect((await post('/api/v1/mfa/totp/enroll/init', token)).status).toBe(200)
  })
})

describe('verification (core /api/v1/mfa with the totp method)', () => {
  it('accepts a code once: the same code, or an older one, is refused after', async () => {
    const { token, secret } = await enrolled('once@example.com')
    const code = await codeFor(secret)
    await post('/api/v1/mfa/init', token, { method: 'totp' })
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code })).status).toBe(200)
    await post('/api/v1/mfa/init', token, { method: 'totp' })
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code })).body.code).toBe('missing_or_invalid_mfa')
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code: await codeFor(secret, epoch() - 30) })).body.code).toBe('missing_or_invalid_mfa')
  })

  it('counts 4 attempts even under a burst of parallel guesses', async () => {
    const { token, secret } = await enrolled('burst@example.com')
    const right = await codeFor(secret)
    await post('/api/v1/mfa/init', token, { method: 'totp' })
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/v1/mfa/verify', token, { method: 'totp', code: wrong(right) })),
    )
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 'missing_or_invalid_mfa').length).toBe(3)
    expect(codes.filter((c) => c === 'mfa_verification_max_attempts_reached').length).toBe(5)
    // The right code can't pass a spent challenge, and a new one can't start for 10 seconds.
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code: right })).body.code).toBe('mfa_verification_max_attempts_reached')
    expect((await post('/api/v1/mfa/init', token, { method: 'totp' })).body.code).toBe('mfa_verification_max_attempts_reached')
    clock += 11_000
    expect((await post('/api/v1/mfa/init', token, { method: 'totp' })).status).toBe(200)
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code: await codeFor(secret) })).status).toBe(200)
  })

  it('times out 300 000 ms after init', async () => {
    const { token, secret } = await enrolled('timeout@example.com')
    await post('/api/v1/mfa/init', token, { method: 'totp' })
    clock += 300_001
    const res = await post('/api/v1/mfa/verify', token, { method: 'totp', code: await codeFor(secret) })
    expect([res.status, res.body]).toEqual([400, { error: 'Timed out waiting for MFA code', code: 'mfa_timeout' }])
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const { token, secret } = await enrolled('input@example.com')
    expect((await post('/api/v1/mfa/init', token, { method: 'email' })).body.error).toContain('Unsupported MFA method')
    await post('/api/v1/mfa/init', token, { method: 'totp' })
    for (const code of [123456, '12 34', 'abcdef', '1234567']) {
      const res = await post('/api/v1/mfa/verify', token, { method: 'totp', code })
      expect([res.status, res.body.error]).toEqual([400, expect.stringContaining('Invalid MFA code')])
    }
    const [row] = await t.server.db.query<{ attempts: number }>('SELECT attempts FROM mfa_challenges WHERE method = $1 ORDER BY created_at DESC LIMIT 1', ['totp'])
    expect(Number(row!.attempts)).toBe(0)
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code: ` ${await codeFor(secret)} ` })).status).toBe(200)
  })

  it('lets a verified session through requireMfa for the window, then asks again; without a challenge verify fails', async () => {
    const { token, secret } = await enrolled('window@example.com')
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code: await codeFor(secret) })).body.code).toBe('missing_or_invalid_mfa')
    await post('/api/v1/mfa/init', token, { method: 'totp' })
    await post('/api/v1/mfa/verify', token, { method: 'totp', code: await codeFor(secret) })
    clock += 14 * 60_000
    expect((await post('/api/v1/mfa/totp/enroll/init', token)).status).toBe(409)
    clock += 2 * 60_000
    expect((await post('/api/v1/mfa/totp/enroll/init', token)).body.code).toBe('missing_or_invalid_mfa')
  })
})

describe('lockout (core counts TOTP guesses)', () => {
  const failures = async (userId: string) =>
    Number((await t.server.db.query<{ failures: number }>("SELECT failures FROM mfa_lockouts WHERE user_id = $1 AND method = 'totp'", [userId]))[0]?.failures ?? 0)

  it('a wrong TOTP code counts toward the lockout and a right one resets it; a locked TOTP is refused until removed', async () => {
    const { token, secret, userId } = await enrolled('lockout@example.com')
    const right = await codeFor(secret)
    await post('/api/v1/mfa/init', token, { method: 'totp' })
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code: wrong(right) })).body.code).toBe('missing_or_invalid_mfa')
    expect(await failures(userId)).toBe(1)
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code: right })).status).toBe(200)
    expect(await failures(userId)).toBe(0)

    // Locked (as 100 wrong codes in a row leave it): init and even the right code are refused.
    await t.server.db.query("INSERT INTO mfa_lockouts (user_id, method, failures, locked_at) VALUES ($1, 'totp', $2, $3)", [userId, MFA_LOCKOUT_FAILURES, new Date(clock)])
    clock += 30_000
    expect((await post('/api/v1/mfa/init', token, { method: 'totp' })).body.code).toBe('mfa_method_locked')
    expect((await post('/api/v1/mfa/verify', token, { method: 'totp', code: await codeFor(secret) })).body.code).toBe('mfa_method_locked')
    // Removing the method (this session verified a minute ago) drops its lock: a new secret starts unlocked.
    expect((await post('/api/v1/mfa/totp/unenroll', token)).body.mfaMethods).toEqual([])
    expect(await t.server.ctx.mfa.lockout.locked(userId)).toEqual([])
  })
})

describe('cross-site requests (Fetch Metadata)', () => {
  it('refuses enrollment and removal from another site (Sec-Fetch-Site: cross-site) before anything changes', async () => {
    const { token, user } = await t.login('crosssite@example.com')
    const from = async (site: string, path: string, body: unknown = {}) => {
      const res = await t.request(path, { token: token!, body, headers: { 'sec-fetch-site': site } })
      return { status: res.status, body: (await res.json()) as { code?: string; secret?: string } }
    }
    const pending = async () => t.server.db.query('SELECT attempts FROM mfa_totp_pending WHERE user_id = $1', [user.id])
    expect((await from('cross-site', '/api/v1/mfa/totp/enroll/init')).body.code).toBe('cross_site_request')
    expect(await pending()).toEqual([])
    const init = await from('same-site', '/api/v1/mfa/totp/enroll/init')
    expect(init.status).toBe(200)
    const code = await codeFor(init.body.secret!)
    expect((await from('cross-site', '/api/v1/mfa/totp/enroll', { mfaCode: code })).body.code).toBe('cross_site_request')
    expect((await pending()).map((r) => Number((r as { attempts: number }).attempts))).toEqual([0])
    expect((await from('same-origin', '/api/v1/mfa/totp/enroll', { mfaCode: code })).status).toBe(200)
    expect((await from('cross-site', '/api/v1/mfa/totp/unenroll')).body.code).toBe('cross_site_request')
    expect((await t.server.db.query('SELECT 1 FROM mfa_totp WHERE user_id = $1', [user.id])).length).toBe(1)
    expect((await from('none', '/api/v1/mfa/totp/unenroll')).status).toBe(200)
  })
})
