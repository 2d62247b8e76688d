import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_LOCKOUT_FAILURES } from '../../core/server/mfaLockout.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { startTwilioStandin } from '../../test/standins/twilioStandin.js'
import { emailServer } from '../email/server.js'
import { mfaTotpServer } from '../mfa-totp/server.js'
import { smsServer } from '../sms/server.js'
import { mfaSmsServer } from './server.js'

let clock = Date.parse('2026-01-01T00:00:00Z')
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), mfaTotpServer({ key: Buffer.alloc(32, 7).toString('base64') }), mfaSmsServer()],
    now: () => clock,
    app: { mfa_methods: ['totp', 'sms'] },
  })
})
afterAll(() => t.close())

let seq = 100
/** A fresh valid US number per test (555-01xx is the fictional range). */
const fresh = () => `+1202555${String(seq++).padStart(4, '0')}`
const post = async (path: string, token: string, body: unknown = {}, server = t) => {
  const res = await server.request(path, { token, body })
  return { status: res.status, body: await res.json() }
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const rows = async (userId?: string) =>
  userId
    ? await t.server.db.query<{ phone_number: string }>('SELECT phone_number FROM mfa_sms WHERE user_id = $1', [userId])
    : await t.server.db.query<{ phone_number: string }>('SELECT phone_number FROM mfa_sms')

/** Logs `email` in and enrolls `phone` for SMS MFA (the code from the dev outbox). */
async function enrolled(email: string, phone = fresh()) {
  const login = await t.login(email)
  const token = login.token!
  const init = await post('/api/v1/mfa/passwordless_sms/init', token, { action: 'enroll', phoneNumber: phone })
  expect([init.status, init.body]).toEqual([200, { success: true }])
  const done = await post('/api/v1/mfa/passwordless_sms/enroll', token, { phoneNumber: phone, mfaCode: await t.lastCode(phone) })
  expect([done.status, done.body.mfaMethods]).toEqual([200, ['sms']])
  return { token, phone, userId: login.user.id }
}

describe('SMS MFA enrollment', () => {
  it('texts a code to the E.164 number, stores the number once the code comes back, and records the verification', async () => {
    const phone = fresh()
    const { token } = await t.login('enroll@example.com')
    await post('/api/v1/mfa/passwordless_sms/init', token!, { action: 'enroll', phoneNumber: `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}` })
    const [sms] = await t.outbox()
    expect(sms).toMatchObject({ to: phone, subject: 'SMS' })
    expect(sms!.text).toBe(`${sms!.code} is your code to add SMS verification to Test App.`)
    const done = await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: phone, mfaCode: sms!.code })
    expect(done.body.mfaMethods).toEqual(['sms'])
    expect(await rows(done.body.id)).toEqual([{ phone_number: phone }])
    // The enrollment verified this session: removal passes without another code.
    expect((await post('/api/v1/mfa/passwordless_sms/unenroll', token!)).body.mfaMethods).toEqual([])
  })

  it('refuses malformed input with 4xx and stores nothing; a wrong code is counted (4 guesses in all)', async () => {
    const { token, user } = await t.login('malformed@example.com')
    const before = (await t.outbox()).length
    for (const body of [{ action: 'enroll' }, { action: 'enroll', phoneNumber: '' }]) {
      const res = await post('/api/v1/mfa/passwordless_sms/init', token!, body)
      expect([res.status, res.body.error]).toEqual([400, expect.stringContaining('SMS enrollment requires a phone number')])
    }
    for (const body of [{ action: 'enroll', phoneNumber: '+1 555' }, { action: 'enroll', phoneNumber: 12025550100 }, { action: 'enroll', phoneNumber: 'abc' }, { action: 'other' }, { phoneNumber: fresh() }]) {
      expect((await post('/api/v1/mfa/passwordless_sms/init', token!, body)).status).toBe(400)
    }
    expect((await t.outbox()).length).toBe(before)

    const phone = fresh()
    await post('/api/v1/mfa/passwordless_sms/init', token!, { action: 'enroll', phoneNumber: phone })
    const right = await t.lastCode(phone)
    for (const mfaCode of ['12345', 'abcdef', 123456, null]) {
      expect((await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: phone, mfaCode })).status).toBe(400)
    }
    expect((await post('/api/v1/mfa/passwordless_sms/enroll', token!, { mfaCode: right })).body.error).toContain('SMS enrollment requires a phone number')
    // The right code for another number is wrong: the code is bound to the number it went to.
    const other = await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: fresh(), mfaCode: right })
    expect([other.status, other.body]).toEqual([401, { code: 'invalid_credentials', error: 'Invalid MFA code', data: { attempts_left: 3 } }])
    for (let i = 0; i < 2; i++) expect((await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: phone, mfaCode: wrong(right) })).body.code).toBe('invalid_credentials')
    expect(await rows(user.id)).toEqual([])
    // Fourth guess: the right code still passes (malformed input counted nothing).
    expect((await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: phone, mfaCode: right })).body.mfaMethods).toEqual(['sms'])
  })

  it('blocks after 4 wrong codes; an enrollment without a code sent is refused', async () => {
    const { token, user } = await t.login('spent@example.com')
    expect((await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: fresh(), mfaCode: '123456' })).body.error).toContain('Start the SMS enrollment again')
    const phone = fresh()
    await post('/api/v1/mfa/passwordless_sms/init', token!, { action: 'enroll', phoneNumber: phone })
    const right = await t.lastCode(phone)
    const codes = []
    for (let i = 0; i < 4; i++) codes.push((await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: phone, mfaCode: wrong(right) })).body.code)
    expect(codes).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'mfa_verification_max_attempts_reached'])
    expect((await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: phone, mfaCode: right })).body.code).toBe('mfa_verification_max_attempts_reached')
    expect(await rows(user.id)).toEqual([])
  })

  it('needs a fresh verification to enroll or remove once another method exists', async () => {
    // A TOTP user: adding SMS asks for a TOTP verification first.
    const { token } = await t.login('totp-first@example.com')
    const init = await post('/api/v1/mfa/totp/enroll/init', token!)
    await post('/api/v1/mfa/totp/enroll', token!, { mfaCode: await generate({ secret: init.body.secret, epoch: Math.floor(clock / 1000) }) })
    clock += 16 * 60_000
    const phone = fresh()
    expect((await post('/api/v1/mfa/passwordless_sms/init', token!, { action: 'enroll', phoneNumber: phone })).body.code).toBe('missing_or_invalid_mfa')
    expect((await post('/api/v1/mfa/passwordless_sms/enroll', token!, { phoneNumber: phone, mfaCode: '123456' })).body.code).toBe('missing_or_invalid_mfa')

    // An SMS user in another session: removal waits for a verification by SMS.
    const first = await enrolled('gated@example.com')
    const other = (await t.login('gated@example.com')).token!
    expect((await post('/api/v1/mfa/passwordless_sms/unenroll', other)).body.code).toBe('missing_or_invalid_mfa')
    expect(await rows(first.userId)).toHaveLength(1)
    expect((await post('/api/v1/mfa/init', other, { method: 'sms' })).status).toBe(200)
    expect((await post('/api/v1/mfa/verify', other, { method: 'sms', code: await t.lastCode(first.phone) })).status).toBe(200)
    expect((await post('/api/v1/mfa/passwordless_sms/unenroll', other)).body.mfaMethods).toEqual([])
    expect(await rows(first.userId)).toEqual([])
  })

  it("texts only countries the app's SMS allowed_countries names (403 mfa_sms_region_not_supported, nothing sent or stored)", async () => {
    const limited = await createTestServer({ plugins: [emailServer(), smsServer(), mfaSmsServer()], app: { mfa_methods: ['sms'], sms: { allowed_countries: ['US'] } } })
    try {
      const { token } = await limited.login('region@example.com')
      const refused = await post('/api/v1/mfa/passwordless_sms/init', token!, { action: 'enroll', phoneNumber: '+447911123456' }, limited)
      expect([refused.status, refused.body.code, refused.body.error]).toEqual([403, 'mfa_sms_region_not_supported', 'SMS verification from this region is not available'])
      expect((await limited.outbox()).filter((m) => m.to.startsWith('+'))).toEqual([])
      expect(await limited.server.db.query('SELECT 1 FROM mfa_challenges')).toEqual([])
      expect((await post('/api/v1/mfa/passwordless_sms/init', token!, { action: 'enroll', phoneNumber: '+12025550177' }, limited)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('answers twilio_verification_failed when the provider refuses, with nothing stored', async () => {
    const twilio = await startTwilioStandin()
    const viaTwilio = await createTestServer({
      plugins: [emailServer(), mfaSmsServer()],
      app: { mfa_methods: ['sms'] },
      sms: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', baseUrl: twilio.url },
    })
    try {
      const { token } = await viaTwilio.login('twilio@example.com')
      twilio.blockedNumbers.add('+12025550199')
      const refused = await post('/api/v1/mfa/passwordless_sms/init', token!, { action: 'enroll', phoneNumber: '+12025550199' }, viaTwilio)
      expect([refused.status, refused.body.code]).toEqual([422, 'twilio_verification_failed'])
      expect(refused.body.error).toMatch(/^SMS verification failed: /)
      expect(await viaTwilio.server.db.query('SELECT 1 FROM mfa_challenges')).toEqual([])
      // A reachable number goes through the provider.
      expect((await post('/api/v1/mfa/passwordless_sms/init', token!, { action: 'enroll', phoneNumber: '+12025550198' }, viaTwilio)).status).toBe(200)
      expect(twilio.messages.at(-1)).toMatchObject({ to: '+12025550198' })
    } finally {
      await viaTwilio.close()
      await twilio.close()
    }
  })
})

describe('verification (core /api/v1/mfa with the sms method)', () => {
  it('texts a fresh code to the enrolled number on each init; a code passes once; the spec path starts the same challenge', async () => {
    const { token, phone } = await enrolled('verify@example.com')
    const enrollCode = await t.lastCode(phone)
    expect((await post('/api/v1/mfa/init', token, { method: 'sms' })).body).toEqual({})
    const code = await t.lastCode(phone)
    expect((await t.outbox())[0]!.text).toBe(`${code} is your verification code for Test App.`)
    // The enrollment code is no verification code (a different purpose, and it was used).
    if (enrollCode !== code) expect((await post('/api/v1/mfa/verify', token, { method: 'sms', code: enrollCode })).body.code).toBe('missing_or_invalid_mfa')
    expect((await post('/api/v1/mfa/verify', token, { method: 'sms', code })).status).toBe(200)
    expect((await post('/api/v1/mfa/verify', token, { method: 'sms', code })).body.code).toBe('missing_or_invalid_mfa')

    const alias = await post('/api/v1/mfa/passwordless_sms/init', token, { action: 'verify' })
    expect([alias.status, alias.body]).toEqual([200, { success: true }])
    const next = await t.lastCode(phone)
    expect((await post('/api/v1/mfa/verify', token, { method: 'sms', code: ` ${next} ` })).status).toBe(200)
  })

  it('counts wrong codes: 3 say so, the 4th spends the challenge; the right code then fails too', async () => {
    const { token, phone } = await enrolled('burst@example.com')
    await post('/api/v1/mfa/init', token, { method: 'sms' })
    const right = await t.lastCode(phone)
    const codes = []
    for (let i = 0; i < 4; i++) codes.push((await post('/api/v1/mfa/verify', token, { method: 'sms', code: wrong(right) })).body.code)
    expect(codes).toEqual(['missing_or_invalid_mfa', 'missing_or_invalid_mfa', 'missing_or_invalid_mfa', 'mfa_verification_max_attempts_reached'])
    expect((await post('/api/v1/mfa/verify', token, { method: 'sms', code: right })).body.code).toBe('mfa_verification_max_attempts_reached')
  })

  it('refuses bad input with 400 and counts nothing; an unenrolled user cannot start an SMS challenge', async () => {
    const { token, phone, userId } = await enrolled('input@example.com')
    await post('/api/v1/mfa/init', token, { method: 'sms' })
    for (const code of [123456, '12 34', 'abcdef', '1234567']) {
      expect((await post('/api/v1/mfa/verify', token, { method: 'sms', code })).status).toBe(400)
    }
    const [row] = await t.server.db.query<{ attempts: number }>('SELECT attempts FROM mfa_challenges WHERE method = $1 AND user_id = $2', ['sms', userId])
    expect(Number(row!.attempts)).toBe(0)
    expect((await post('/api/v1/mfa/verify', token, { method: 'sms', code: await t.lastCode(phone) })).status).toBe(200)

    const bare = (await t.login('bare@example.com')).token!
    const before = (await t.outbox()).length
    expect((await post('/api/v1/mfa/init', bare, { method: 'sms' })).status).toBe(400)
    expect((await post('/api/v1/mfa/passwordless_sms/init', bare, { action: 'verify' })).status).toBe(400)
    expect((await t.outbox()).length).toBe(before)
  })
})

describe('lockout', () => {
  it('a locked SMS method texts nothing: both init paths answer 403 mfa_method_locked; removing it drops the lock', async () => {
    const { token, userId } = await enrolled('locked@example.com')
    await t.server.db.query("INSERT INTO mfa_lockouts (user_id, method, failures, locked_at) VALUES ($1, 'sms', $2, $3)", [userId, MFA_LOCKOUT_FAILURES, new Date(clock)])
    const before = (await t.outbox()).length
    expect((await post('/api/v1/mfa/passwordless_sms/init', token, { action: 'verify' })).body.code).toBe('mfa_method_locked')
    expect((await post('/api/v1/mfa/init', token, { method: 'sms' })).body.code).toBe('mfa_method_locked')
    expect((await t.outbox()).length).toBe(before)
    expect((await post('/api/v1/mfa/passwordless_sms/unenroll', token)).status).toBe(200)
    expect(await t.server.ctx.mfa.lockout.locked(userId)).toEqual([])
  })
})

describe('cross-site requests (Fetch Metadata)', () => {
  it('refuses enrollment and removal from another site (Sec-Fetch-Site: cross-site): no text goes out, nothing is stored', async () => {
    const { token, user } = await t.login('crosssite@example.com')
    const from = async (site: string, path: string, body: unknown = {}) => {
      const res = await t.request(`/api/v1/mfa/passwordless_sms/${path}`, { token: token!, body, headers: { 'sec-fetch-site': site } })
      return { status: res.status, code: ((await res.json()) as { code?: string }).code }
    }
    const phone = fresh()
    const before = (await t.outbox()).length
    expect(await from('cross-site', 'init', { action: 'enroll', phoneNumber: phone })).toEqual({ status: 403, code: 'cross_site_request' })
    expect((await t.outbox()).length).toBe(before)
    expect((await from('same-site', 'init', { action: 'enroll', phoneNumber: phone })).status).toBe(200)
    const code = await t.lastCode(phone)
    expect(await from('cross-site', 'enroll', { phoneNumber: phone, mfaCode: code })).toEqual({ status: 403, code: 'cross_site_request' })
    expect(await rows(user.id)).toEqual([])
    expect((await from('same-origin', 'enroll', { phoneNumber: phone, mfaCode: code })).status).toBe(200)
    expect(await from('cross-site', 'unenroll')).toEqual({ status: 403, code: 'cross_site_request' })
    expect(await rows(user.id)).toEqual([{ phone_number: phone }])
  })
})
