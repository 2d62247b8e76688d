import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema } from '../../core/protocol/index.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { expectError, expectTransferOffer, ownerOf, PAST_NONCE_TTL_MS, refreshStatus, userExists, userOf } from '../../test/kit/transferKit.js'
import { smsServer } from '../sms/server.js'
import { emailServer } from './server.js'

let t: TestServer
let clock = Date.now()
let seq = 0
const fresh = (name: string) => `${name}-${seq++}@example.com`
let phoneSeq = 200
const freshPhone = () => `+1202555${String(phoneSeq++).padStart(4, '0')}`

/** B signs up by SMS: one e-mail per user, so an e-mail user couldn't link A's e-mail at all. */
async function loginPhone(phoneNumber: string) {
  await t.request('/api/v1/passwordless_sms/init', { body: { phoneNumber } })
  const res = await t.request('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber, code: await t.lastCode(phoneNumber) } })
  return v.parse(TokenResponseSchema, await res.json())
}
async function link(token: string, email: string) {
  await t.request('/api/v1/passwordless/init', { body: { email } })
  return t.request('/api/v1/passwordless/link', { token, body: { email, code: await t.lastCode(email) } })
}
const transfer = (token: string, body: unknown) => t.request('/api/v1/passwordless/transfer', { token, body })

/** A owns `email`; B (phone) tried to link it and holds the offer. */
async function conflict() {
  const email = fresh('a')
  const a = await t.login(email)
  const b = await loginPhone(freshPhone())
  const data = await expectTransferOffer(await link(b.token!, email))
  return { email, a, b, data }
}

beforeAll(async () => {
  t = await createTestServer({
    now: () => clock,
    plugins: [emailServer(), smsServer()],
    app: { sms_auth: true },
    rateLimits: { 'email.send.ip': { limit: 10_000 }, 'sms.send.ip': { limit: 10_000 } },
  })
})
afterAll(() => t.close())

describe('e-mail account transfer', () => {
  it('a link to an address another user owns answers 400 with the transfer data; nothing changes', async () => {
    const { email, a, data } = await conflict()
    expect(data).toMatchObject({ account_type: 'email', display_name: email, embedded_wallet_address: null, account: { email } })
    expect(data.nonce.length).toBeGreaterThan(60)
    expect(await ownerOf(t, 'email', email)).toBe(a.user.id)
  })

  it('transfer moves the account and deletes the other user entirely (sessions too)', async () => {
    const { email, a, b, data } = await conflict()
    // A had a second account: it goes with A.
    const aPhone = freshPhone()
    await t.request('/api/v1/passwordless_sms/init', { body: { phoneNumber: aPhone } })
    await userOf(await t.request('/api/v1/passwordless_sms/link', { token: a.token!, body: { phoneNumber: aPhone, code: await t.lastCode(aPhone) } }))

    const user = await userOf(await transfer(b.token!, { ...data.account, nonce: data.nonce }))
    expect(user.id).toBe(b.user.id)
    expect(user.linkedAccounts.map((x) => x.type).sort()).toEqual(['email', 'phone'])
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'email', address: email }))
    expect(await ownerOf(t, 'email', email)).toBe(b.user.id)
    expect(await userExists(t, a.user.id)).toBe(false)
    expect(await ownerOf(t, 'phone', aPhone)).toBeNull()
    expect(await refreshStatus(t, a.refresh_token!)).toBe(401)
    await expectError(await t.request('/api/v1/users/me', { token: a.token! }), 401, 'unauthorized')
    // B's own session is untouched.
    expect((await t.request('/api/v1/users/me', { token: b.token! })).status).toBe(200)
  })

  it('a nonce works once: the replay is refused', async () => {
    const { b, data } = await conflict()
    await userOf(await transfer(b.token!, { ...data.account, nonce: data.nonce }))
    await expectError(await transfer(b.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
  })

  it("a nonce issued to B is refused for C, and A's account stays", async () => {
    const { email, a, data } = await conflict()
    const c = await loginPhone(freshPhone())
    await expectError(await transfer(c.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    expect(await ownerOf(t, 'email', email)).toBe(a.user.id)
    expect(await refreshStatus(t, a.refresh_token!)).toBe(200)
  })

  it('a nonce is refused for another account than the one it was issued for', async () => {
    const { data, b } = await conflict()
    const other = await conflict()
    await expectError(await transfer(b.token!, { email: other.email, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    expect(await ownerOf(t, 'email', other.email)).toBe(other.a.user.id)
  })

  it('a nonce expires after 10 minutes', async () => {
    const { email, a, b, data } = await conflict()
    clock += PAST_NONCE_TTL_MS
    await expectError(await transfer(b.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    expect(await ownerOf(t, 'email', email)).toBe(a.user.id)
  })

  it('a forged or altered nonce is refused', async () => {
    const { b, data } = await conflict()
    const [id, expires, mac] = data.nonce.split('.')
    for (const nonce of [`${id}.${Number(expires) + 3600}.${mac}`, `${id}.${expires}.${'A'.repeat(43)}`, 'x', `${data.nonce}x`]) {
      await expectError(await transfer(b.token!, { ...data.account, nonce }), 400, 'invalid_transfer_nonce')
    }
  })

  it('parallel transfers with one nonce: exactly one succeeds', async () => {
    const { email, b, data } = await conflict()
    const answers = await Promise.all(Array.from({ length: 4 }, () => transfer(b.token!, { ...data.account, nonce: data.nonce })))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])
    expect(await ownerOf(t, 'email', email)).toBe(b.user.id)
  })

  it('malformed bodies are 400 invalid_data and change nothing', async () => {
    const { email, a, b, data } = await conflict()
    for (const body of [{}, { email }, { nonce: data.nonce }, { email: 'not-an-email', nonce: data.nonce }, { email, nonce: 42 }, { email, nonce: '' }, '{"email":']) {
      await expectError(await transfer(b.token!, body), 400, 'invalid_data')
    }
    expect(await ownerOf(t, 'email', email)).toBe(a.user.id)
    expect(await refreshStatus(t, a.refresh_token!)).toBe(200)
  })

  it('transfer needs a signed-in user', async () => {
    const { data } = await conflict()
    await expectError(await t.request('/api/v1/passwordless/transfer', { body: { ...data.account, nonce: data.nonce } }), 401, 'unauthorized')
  })

  it('a user who already has an e-mail gets cannot_link_more_of_type, not a transfer offer', async () => {
    const email = fresh('a')
    await t.login(email)
    const b = await t.login(fresh('b'))
    await expectError(await link(b.token!, email), 400, 'cannot_link_more_of_type')
  })

  it('update to an address another user owns stays linked_to_another_user (no transfer on update)', async () => {
    const email = fresh('a')
    await t.login(email)
    const bEmail = fresh('b')
    const b = await t.login(bEmail)
    await t.request('/api/v1/passwordless/init', { body: { email } })
    const res = await t.request('/api/v1/passwordless/update', {
      token: b.token!,
      body: { oldAddress: bEmail, newAddress: email, code: await t.lastCode(email) },
    })
    await expectError(res, 400, 'linked_to_another_user')
  })
})
