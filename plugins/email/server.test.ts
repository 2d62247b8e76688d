import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { createTestServer } from '../../test/kit/createTestServer.js'
import type { TestServer } from '../../test/kit/createTestServer.js'

let t: TestServer
let clock = Date.now()
const init = (email: string) => t.request('/api/v1/passwordless/init', { body: { email } })
const authenticate = (email: string, code: string, mode?: string) =>
  t.request('/api/v1/passwordless/authenticate', { body: { email, code, ...(mode ? { mode } : {}) } })
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const count = async (table: string) =>
  (await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n

beforeAll(async () => {
  t = await createTestServer({ now: () => clock, rateLimits: { 'email.send.ip': { limit: 1000 } } })
})
afterAll(() => t.close())

describe('passwordless e-mail login', () => {
  it('sends a 6-digit code with the spec subject and logs in with it', async () => {
    expect(await (await init('Ada@Example.com')).json()).toEqual({ success: true })
    const [mail] = await t.outbox()
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Your login code for Test App' })
    expect(mail!.code).toMatch(/^\d{6}$/)
    expect(mail!.text).toBe(`${mail!.code} is your login code for Test App. It expires in 10 minutes.`)
    const res = await authenticate('ada@example.com', mail!.code!)
    expect(res.status).toBe(200)
    const body = v.parse(TokenResponseSchema, await res.json())
    expect(body.is_new_user).toBe(true)
    expect(body.session_update_action).toBe('set')
    expect(body.user.linkedAccounts).toMatchObject([{ type: 'email', address: 'ada@example.com' }])

    await init('ada@example.com')
    const again = v.parse(TokenResponseSchema, await (await authenticate('ada@example.com', await t.lastCode('ada@example.com'))).json())
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(body.user.id)
  })

  it('a code works once only', async () => {
    await init('once@example.com')
    const code = await t.lastCode('once@example.com')
    expect((await authenticate('once@example.com', code)).status).toBe(200)
    const second = await authenticate('once@example.com', code)
    expect(second.status).toBe(401)
    expect(await second.json()).toEqual({ code: 'invalid_credentials', error: 'Invalid or expired verification code' })
  })

  it('a code expires after 10 minutes', async () => {
    await init('late@example.com')
    const code = await t.lastCode('late@example.com')
    clock += 10 * 60 * 1000 + 1
    expect((await authenticate('late@example.com', code)).status).toBe(401)
  })

  it('a new code makes the older one dead', async () => {
    await init('twice@example.com')
    const first = await t.lastCode('twice@example.com')
    await init('twice@example.com')
    const second = await t.lastCode('twice@example.com')
    if (first !== second) expect((await authenticate('twice@example.com', first)).status).toBe(401)
    expect((await authenticate('twice@example.com', second)).status).toBe(200)
  })

  it('five wrong guesses kill the code, even the right code fails afterwards', async () => {
    await init('guess@example.com')
    const code = await t.lastCode('guess@example.com')
    // Each wrong guess says how many are left, so the code screen can tell the user when only a new code helps.
    const left: unknown[] = []
    for (let i = 0; i < 5; i++) {
      const res = await authenticate('guess@example.com', wrong(code))
      expect(res.status).toBe(401)
      left.push(((await res.json()) as { data?: { attempts_left?: number } }).data?.attempts_left)
    }
    expect(left).toEqual([4, 3, 2, 1, 0])
    const after = await authenticate('guess@example.com', code)
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ error: 'Invalid or expired verification code', code: 'invalid_credentials', data: { attempts_left: 0 } })
    // No live code at all: nothing to say about attempts.
    expect(await (await authenticate('nobody@example.com', '123456')).json()).toEqual({ error: 'Invalid or expired verification code', code: 'invalid_credentials' })
  })

  it('a parallel burst of 20 wrong guesses counts at most 5 and kills the code', async () => {
    await init('burst@example.com')
    const code = await t.lastCode('burst@example.com')
    const answers = await Promise.all(Array.from({ length: 20 }, () => authenticate('burst@example.com', wrong(code))))
    expect(answers.every((r) => r.status === 401)).toBe(true)
    const [row] = await t.server.db.query<{ attempts: number }>(
      "SELECT attempts FROM email_codes WHERE address = 'burst@example.com' ORDER BY id DESC LIMIT 1",
    )
    expect(row!.attempts).toBeLessThanOrEqual(5)
    expect((await authenticate('burst@example.com', code)).status).toBe(401)
  })

  it('init answers identically for known and unknown addresses', async () => {
    await t.login('known@example.com')
    const known = await init('known@example.com')
    const unknown = await init('nobody-here@example.com')
    expect(known.status).toBe(unknown.status)
    expect(await known.text()).toBe(await unknown.text())
    expect((await t.outbox()).slice(0, 2).map((m) => m.to).sort()).toEqual(['known@example.com', 'nobody-here@example.com'])
  })

  it("mode 'no-signup' refuses an unknown address and creates nothing", async () => {
    const users = await count('users')
    const accounts = await count('linked_accounts')
    await init('stranger@example.com')
    const res = await authenticate('stranger@example.com', await t.lastCode('stranger@example.com'), 'no-signup')
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('user_does_not_exist')
    expect(await count('users')).toBe(users)
    expect(await count('linked_accounts')).toBe(accounts)
  })

  it('limits sends per address: the sixth within 10 minutes is a 429', async () => {
    for (let i = 0; i < 5; i++) expect((await init('spam@example.com')).status).toBe(200)
    const res = await init('spam@example.com')
    expect(res.status).toBe(429)
    expect((await res.json()).code).toBe('too_many_requests')
    clock += 10 * 60 * 1000 + 1
    expect((await init('spam@example.com')).status).toBe(200)
  })

  it('refuses malformed bodies with invalid_data and never echoes the value', async () => {
    const res = await t.request('/api/v1/passwordless/authenticate', { body: { email: 'x@example.com', code: 'secret-guess' } })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('invalid_data')
    expect(body.error).toMatch(/^code: /)
    expect(body.error).not.toContain('secret-guess')
  })
})

describe('link, update and unlink', () => {
  it('one e-mail per user: link refuses a second, update swaps it, unlink keeps the last method', async () => {
    const session = await t.login('owner@example.com')
    const token = session.token!
    await init('second@example.com')
    const link = await t.request('/api/v1/passwordless/link', {
      token,
      body: { email: 'second@example.com', code: await t.lastCode('second@example.com') },
    })
    expect(link.status).toBe(400)
    expect(await link.json()).toEqual({ code: 'cannot_link_more_of_type', error: 'User already has an account of type email linked.' })

    await init('new-owner@example.com')
    const update = await t.request('/api/v1/passwordless/update', {
      token,
      body: { oldAddress: 'owner@example.com', newAddress: 'new-owner@example.com', code: await t.lastCode('new-owner@example.com') },
    })
    expect(update.status).toBe(200)
    const user = v.parse(UserSchema, await update.json())
    expect(user.linkedAccounts).toMatchObject([{ type: 'email', address: 'new-owner@example.com' }])

    const unlink = await t.request('/api/v1/passwordless/unlink', { token, body: { address: 'new-owner@example.com' } })
    expect(unlink.status).toBe(400)
    expect(await unlink.json()).toEqual({ code: 'not_allowed', error: 'Cannot unlink the last login method of this account.' })
  })

  it('update refuses an address owned by another user and an old address the user lacks', async () => {
    const a = await t.login('alice@example.com')
    await t.login('bob@example.com')
    await init('bob@example.com')
    const taken = await t.request('/api/v1/passwordless/update', {
      token: a.token!,
      body: { oldAddress: 'alice@example.com', newAddress: 'bob@example.com', code: await t.lastCode('bob@example.com') },
    })
    expect(taken.status).toBe(400)
    expect((await taken.json()).code).toBe('linked_to_another_user')
    const notMine = await t.request('/api/v1/passwordless/update', {
      token: a.token!,
      body: { oldAddress: 'bob@example.com', newAddress: 'carol@example.com', code: '123456' },
    })
    expect(notMine.status).toBe(400)
    expect((await notMine.json()).code).toBe('invalid_data')
  })

  it('link, update and unlink need a bearer token', async () => {
    for (const path of ['link', 'update', 'unlink']) {
      const res = await t.request(`/api/v1/passwordless/${path}`, { body: { address: 'a@example.com' } })
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('unauthorized')
    }
  })
})

describe('apps that restrict e-mail login', () => {
  it('disable_signup refuses new users, disable_plus_emails refuses plus addresses', async () => {
    const strict = await createTestServer({ app: { disable_signup: true, disable_plus_emails: true } })
    try {
      expect((await strict.request('/api/v1/passwordless/init', { body: { email: 'a+b@example.com' } })).status).toBe(400)
      await strict.request('/api/v1/passwordless/init', { body: { email: 'new@example.com' } })
      const res = await strict.request('/api/v1/passwordless/authenticate', {
        body: { email: 'new@example.com', code: await strict.lastCode('new@example.com') },
      })
      expect(res.status).toBe(404)
      expect((await res.json()).code).toBe('user_does_not_exist')
    } finally {
      await strict.close()
    }
  })

  it('the per-IP send limit answers 429', async () => {
    const limited = await createTestServer({ rateLimits: { 'email.send.ip': { limit: 2 } } })
    try {
      const send = (email: string) => limited.request('/api/v1/passwordless/init', { body: { email } })
      expect((await send('one@example.com')).status).toBe(200)
      expect((await send('two@example.com')).status).toBe(200)
      expect((await send('three@example.com')).status).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
