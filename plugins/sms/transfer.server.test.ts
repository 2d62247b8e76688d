import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema } from '../../core/protocol/index.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { expectError, expectTransferOffer, ownerOf, refreshStatus, userExists, userOf } from '../../test/kit/transferKit.js'
import { emailServer } from '../email/server.js'
import { smsServer } from './server.js'

let t: TestServer
let seq = 300
const fresh = () => `+1202555${String(seq++).padStart(4, '0')}`
const transfer = (token: string, body: unknown) => t.request('/api/v1/passwordless_sms/transfer', { token, body })

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), smsServer()],
    app: { sms_auth: true },
    rateLimits: { 'email.send.ip': { limit: 10_000 }, 'sms.send.ip': { limit: 10_000 } },
  })
})
afterAll(() => t.close())

/** A signed up with a number; B (e-mail) links the same number. */
async function conflict(tag: string) {
  const phone = fresh()
  await t.request('/api/v1/passwordless_sms/init', { body: { phoneNumber: phone } })
  const a = v.parse(
    TokenResponseSchema,
    await (await t.request('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber: phone, code: await t.lastCode(phone) } })).json(),
  )
  const b = await t.login(`sms-b-${tag}@example.com`)
  await t.request('/api/v1/passwordless_sms/init', { body: { phoneNumber: phone } })
  const res = await t.request('/api/v1/passwordless_sms/link', { token: b.token!, body: { phoneNumber: phone, code: await t.lastCode(phone) } })
  return { phone, a, b, data: await expectTransferOffer(res) }
}

describe('SMS account transfer', () => {
  it('link conflict → 400 with {phoneNumber}; transfer moves the number and deletes the other user; replay refused', async () => {
    const { phone, a, b, data } = await conflict('ok')
    expect(data).toMatchObject({ account_type: 'phone', display_name: phone, embedded_wallet_address: null, account: { phoneNumber: phone } })
    const user = await userOf(await transfer(b.token!, { ...data.account, nonce: data.nonce }))
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'phone', number: phone }))
    expect(await userExists(t, a.user.id)).toBe(false)
    expect(await refreshStatus(t, a.refresh_token!)).toBe(401)
    await expectError(await transfer(b.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
  })

  it('the number is normalized like the link does (any formatting of the same number works)', async () => {
    const { phone, b, data } = await conflict('format')
    const formatted = `+1 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`
    await userOf(await transfer(b.token!, { phoneNumber: formatted, nonce: data.nonce }))
    expect(await ownerOf(t, 'phone', phone)).toBe(b.user.id)
  })

  it('malformed bodies and a nonce for another number change nothing', async () => {
    const { phone, a, b, data } = await conflict('bad')
    for (const body of [{}, { phoneNumber: phone }, { nonce: data.nonce }, { phoneNumber: 'abc', nonce: data.nonce }, { phoneNumber: phone, nonce: null }]) {
      await expectError(await transfer(b.token!, body), 400, 'invalid_data')
    }
    await expectError(await transfer(b.token!, { phoneNumber: fresh(), nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    expect(await ownerOf(t, 'phone', phone)).toBe(a.user.id)
  })
})
