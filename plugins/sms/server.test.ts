import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { createTestServer } from '../../test/kit/createTestServer.js'
import type { CreateTestServerOptions, TestServer } from '../../test/kit/createTestServer.js'
import { startTwilioStandin } from '../../test/standins/twilioStandin.js'
import { emailServer } from '../email/server.js'
import { smsServer } from './server.js'

let t: TestServer
let clock = Date.now()
let seq = 100
/** A fresh valid US number per test (555-01xx is the fictional range). */
const fresh = () => `+1202555${String(seq++).padStart(4, '0')}`
const init = (phoneNumber: string, server = t) => server.request('/api/v1/passwordless_sms/init', { body: { phoneNumber, token: null } })
const authenticate = (phoneNumber: string, code: string, mode?: string) =>
  t.request('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber, code, ...(mode ? { mode } : {}) } })
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const count = async (table: string, server = t) =>
  (await server.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n
const smsTestServer = (options: CreateTestServerOptions = {}) =>
  createTestServer({ plugins: [emailServer(), smsServer()], ...options, app: { sms_auth: true, ...options.app } })
/** Signs a number in and answers the token response. */
async function loginPhone(phoneNumber: string) {
  await init(phoneNumber)
  const res = await authenticate(phoneNumber, await t.lastCode(phoneNumber))
  return v.parse(TokenResponseSchema, await res.json())
}

beforeAll(async () => {
  t = await smsTestServer({ now: () => clock, rateLimits: { 'sms.send.ip': { limit: 1000 } } })
})
afterAll(() => t.close())

describe('passwordless SMS login', () => {
  it('sends a 6-digit code to the E.164 number and logs in with it; the account is {type: phone, number}', async () => {
    const res = await init('+1 (202) 555-0100')
    expect(await res.json()).toEqual({ success: true })
    const [sms] = await t.outbox()
    expect(sms).toMatchObject({ to: '+12025550100', subject: 'SMS' })
    expect(sms!.code).toMatch(/^\d{6}$/)
    expect(sms!.text).toBe(`${sms!.code} is your login code for Test App. It expires in 10 minutes.`)
    const login = await authenticate('+12025550100', sms!.code!)
    expect(login.status).toBe(200)
    const body = v.parse(TokenResponseSchema, await login.json())
    expect(body.is_new_user).toBe(true)
    expect(body.user.linkedAccounts).toMatchObject([{ type: 'phone', number: '+12025550100' }])
    const account = body.user.linkedAccounts[0]!
    expect(account.verifiedAt).toBeTypeOf('number')
    expect(account.firstVerifiedAt).toBe(account.verifiedAt)
    expect(account.latestVerifiedAt).toBe(account.verifiedAt)

    // The same number written differently is the same user.
    await init('+1 202 555 0100')
    const again = v.parse(TokenResponseSchema, await (await authenticate('+1-202-555-0100', await t.lastCode('+12025550100'))).json())
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(body.user.id)
  })

  it('a code works once only', async () => {
    const n = fresh()
    await init(n)
    const code = await t.lastCode(n)
    expect((await authenticate(n, code)).status).toBe(200)
    const second = await authenticate(n, code)
    expect(second.status).toBe(401)
    expect(await second.json()).toEqual({ code: 'invalid_credentials', error: 'Invalid or expired verification code' })
  })

  it('a code expires after 10 minutes', async () => {
    const n = fresh()
    await init(n)
    const code = await t.lastCode(n)
    clock += 10 * 60 * 1000 + 1
    expect((await authenticate(n, code)).status).toBe(401)
  })

  it('a new code makes the older one dead', async () => {
    const n = fresh()
    await init(n)
    const first = await t.lastCode(n)
    await init(n)
    const second = await t.lastCode(n)
    const [{ live } = { live: 0 }] = await t.server.db.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM sms_codes WHERE address = $1 AND consumed_at IS NULL',
      [n],
    )
    expect(live).toBe(1)
    if (first !== second) expect((await authenticate(n, first)).status).toBe(401)
    expect((await authenticate(n, second)).status).toBe(200)
  })

  it('five wrong guesses kill the code, even the right code fails afterwards', async () => {
    const n = fresh()
    await init(n)
    const code = await t.lastCode(n)
    for (let i = 0; i < 5; i++) expect((await authenticate(n, wrong(code))).status).toBe(401)
    expect((await authenticate(n, code)).status).toBe(401)
  })

  it('a parallel burst of 20 wrong guesses counts at most 5 and kills the code', async () => {
    const n = fresh()
    await init(n)
    const code = await t.lastCode(n)
    const answers = await Promise.all(Array.from({ length: 20 }, () => authenticate(n, wrong(code))))
    expect(answers.every((r) => r.status === 401)).toBe(true)
    const [row] = await t.server.db.query<{ attempts: number }>('SELECT attempts FROM sms_codes WHERE address = $1 ORDER BY id DESC LIMIT 1', [n])
    expect(row!.attempts).toBeLessThanOrEqual(5)
    expect((await authenticate(n, code)).status).toBe(401)
  })

  it('stores only an HMAC of the code', async () => {
    const n = fresh()
    await init(n)
    const code = await t.lastCode(n)
    const [row] = await t.server.db.query<{ code_hash: string }>('SELECT code_hash FROM sms_codes WHERE address = $1 ORDER BY id DESC LIMIT 1', [n])
    expect(row!.code_hash).not.toContain(code)
    expect(row!.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('an e-mail code never verifies an SMS login', async () => {
    const n = fresh()
    await init(n)
    await t.request('/api/v1/passwordless/init', { body: { email: 'cross@example.com' } })
    expect((await authenticate(n, await t.lastCode('cross@example.com'))).status).toBe(401)
  })

  it('init answers identically for known and unknown numbers', async () => {
    const known = fresh()
    await loginPhone(known)
    const unknown = fresh()
    const a = await init(known)
    const b = await init(unknown)
    expect(a.status).toBe(b.status)
    expect(await a.text()).toBe(await b.text())
    expect((await t.outbox()).slice(0, 2).map((m) => m.to).sort()).toEqual([known, unknown].sort())
  })

  it("mode 'no-signup' refuses an unknown number and creates nothing", async () => {
    const users = await count('users')
    const accounts = await count('linked_accounts')
    const n = fresh()
    await init(n)
    const res = await authenticate(n, await t.lastCode(n), 'no-signup')
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('user_does_not_exist')
    expect(await count('users')).toBe(users)
    expect(await count('linked_accounts')).toBe(accounts)
  })

  it('limits sends per number: the sixth within 10 minutes is a 429', async () => {
    const n = fresh()
    for (let i = 0; i < 5; i++) expect((await init(n)).status).toBe(200)
    const res = await init(n)
    expect(res.status).toBe(429)
    expect((await res.json()).code).toBe('too_many_requests')
    clock += 10 * 60 * 1000 + 1
    expect((await init(n)).status).toBe(200)
  })

  it('refuses invalid numbers with invalid_data and stores nothing', async () => {
    const codes = await count('sms_codes')
    for (const phoneNumber of ['', '2025550100', '+1 202 555', '+1 202 555 01000', '+999 123', '+1 abc', `+1${'2'.repeat(260)}`, 12025550100, null]) {
      const res = await t.request('/api/v1/passwordless_sms/init', { body: { phoneNumber, token: null } })
      expect(res.status, String(phoneNumber)).toBe(400)
      expect((await res.json()).code).toBe('invalid_data')
    }
    expect(await count('sms_codes')).toBe(codes)
  })

  it('refuses malformed codes with invalid_data and never echoes the value', async () => {
    const res = await authenticate('+12025550100', 'secret-guess')
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('invalid_data')
    expect(body.error).toMatch(/^code: /)
    expect(body.error).not.toContain('secret-guess')
  })
})

describe('link, update and unlink', () => {
  it('links a phone to an e-mail user, refuses a second, updates it, unlinks it', async () => {
    const session = await t.login('phone.owner@example.com')
    const token = session.token!
    const first = fresh()
    await init(first)
    const link = await t.request('/api/v1/passwordless_sms/link', { token, body: { phoneNumber: first, code: await t.lastCode(first) } })
    expect(link.status).toBe(200)
    const linked = v.parse(UserSchema, await link.json())
    expect(linked.linkedAccounts.map((a) => a.type)).toEqual(['email', 'phone'])
    expect(linked.linkedAccounts[1]).toMatchObject({ type: 'phone', number: first })

    const second = fresh()
    await init(second)
    const again = await t.request('/api/v1/passwordless_sms/link', { token, body: { phoneNumber: second, code: await t.lastCode(second) } })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ code: 'cannot_link_more_of_type', error: 'User already has an account of type phone linked.' })

    await init(second)
    const update = await t.request('/api/v1/passwordless_sms/update', {
      token,
      body: { old_phone_number: first, new_phone_number: second, code: await t.lastCode(second) },
    })
    expect(update.status).toBe(200)
    expect(v.parse(UserSchema, await update.json()).linkedAccounts[1]).toMatchObject({ type: 'phone', number: second })

    const unlink = await t.request('/api/v1/passwordless_sms/unlink', { token, body: { phoneNumber: second } })
    expect(unlink.status).toBe(200)
    expect(v.parse(UserSchema, await unlink.json()).linkedAccounts.map((a) => a.type)).toEqual(['email'])
  })

  it('update refuses a number owned by another user and an old number the user lacks', async () => {
    const aliceNumber = fresh()
    const bobNumber = fresh()
    const alice = await loginPhone(aliceNumber)
    await loginPhone(bobNumber)
    await init(bobNumber)
    const taken = await t.request('/api/v1/passwordless_sms/update', {
      token: alice.token!,
      body: { old_phone_number: aliceNumber, new_phone_number: bobNumber, code: await t.lastCode(bobNumber) },
    })
    expect(taken.status).toBe(400)
    expect((await taken.json()).code).toBe('linked_to_another_user')
    const notMine = await t.request('/api/v1/passwordless_sms/update', {
      token: alice.token!,
      body: { old_phone_number: bobNumber, new_phone_number: fresh(), code: '123456' },
    })
    expect(notMine.status).toBe(400)
    expect((await notMine.json()).code).toBe('invalid_data')
  })

  it('unlink keeps the last login method', async () => {
    const n = fresh()
    const session = await loginPhone(n)
    const res = await t.request('/api/v1/passwordless_sms/unlink', { token: session.token!, body: { phoneNumber: n } })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('not_allowed')
  })

  it('link, update and unlink need a bearer token', async () => {
    for (const path of ['link', 'update', 'unlink']) {
      const res = await t.request(`/api/v1/passwordless_sms/${path}`, { body: { phoneNumber: '+12025550100' } })
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('unauthorized')
    }
  })
})

describe('apps that restrict SMS login', () => {
  it('sms_auth false answers 403 disallowed_login_method and sends nothing', async () => {
    const off = await smsTestServer({ app: { sms_auth: false } })
    try {
      const res = await init('+12025550100', off)
      expect(res.status).toBe(403)
      expect((await res.json()).code).toBe('disallowed_login_method')
      expect(await off.outbox()).toEqual([])
    } finally {
      await off.close()
    }
  })

  it('a country outside the allowlist answers 403 region_not_supported, stores and sends nothing', async () => {
    const gb = await smsTestServer({ app: { sms: { allowed_countries: ['GB'] } } })
    try {
      const res = await init('+12025550100', gb)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ code: 'region_not_supported', error: 'SMS authentication from this region is not available' })
      expect(await count('sms_codes', gb)).toBe(0)
      expect(await gb.outbox()).toEqual([])
      expect((await init('+44 7400 123456', gb)).status).toBe(200)
      expect((await gb.outbox())[0]!.to).toBe('+447400123456')
    } finally {
      await gb.close()
    }
  })

  it('an unknown country in the allowlist is a start-up error naming the field', async () => {
    await expect(smsTestServer({ app: { sms: { allowed_countries: ['XX'] } } })).rejects.toThrow(/sms\.allowed_countries/)
  })

  it('the per-IP send limit answers 429', async () => {
    const limited = await smsTestServer({ rateLimits: { 'sms.send.ip': { limit: 2 } } })
    try {
      expect((await init('+12025550101', limited)).status).toBe(200)
      expect((await init('+12025550102', limited)).status).toBe(200)
      expect((await init('+12025550103', limited)).status).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('disable_signup refuses new users', async () => {
    const strict = await smsTestServer({ app: { disable_signup: true } })
    try {
      await init('+12025550100', strict)
      const res = await strict.request('/api/v1/passwordless_sms/authenticate', {
        body: { phoneNumber: '+12025550100', code: await strict.lastCode('+12025550100') },
      })
      expect(res.status).toBe(404)
      expect((await res.json()).code).toBe('user_does_not_exist')
    } finally {
      await strict.close()
    }
  })

  it('with a provider configured, the code goes through the Twilio-shaped API; a refusal shows its message', async () => {
    const twilio = await startTwilioStandin()
    const viaTwilio = await smsTestServer({ sms: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', baseUrl: twilio.url } })
    try {
      expect((await init('+12025550100', viaTwilio)).status).toBe(200)
      const message = twilio.messages.at(-1)!
      expect(message).toMatchObject({ to: '+12025550100', from: '+15005550006' })
      const code = /^(\d{6}) is your login code for Test App\./.exec(message.body)?.[1]
      expect(code).toBeDefined()
      expect(await viaTwilio.outbox()).toEqual([])
      const login = await viaTwilio.request('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber: '+12025550100', code } })
      expect(login.status).toBe(200)

      twilio.blockedNumbers.add('+12025550111')
      const refused = await init('+12025550111', viaTwilio)
      expect(refused.status).toBe(422)
      const body = await refused.json()
      expect(body.code).toBe('sms_verification_failed')
      expect(body.error).toMatch(/^SMS verification failed: Permission to send an SMS/)
    } finally {
      await viaTwilio.close()
      await twilio.close()
    }
  })
})
