import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema } from '../../core/protocol/index.js'
import { emailServer } from '../email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { createGuestCredential } from './schema.js'
import { guestServer } from './server.js'

let t: TestServer
const authenticate = (guest_credential: unknown, token?: string) =>
  t.request('/api/v1/guest/authenticate', { body: { guest_credential }, ...(token ? { token } : {}) })
const count = async (sql: string) => (await t.server.db.query<{ n: number }>(sql))[0]!.n

beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), guestServer()], app: { guest: true } })
})
afterAll(() => t.close())

describe('guest accounts', () => {
  it('a new credential creates a guest user; the same credential logs back into it', async () => {
    const credential = createGuestCredential()
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const first = v.parse(TokenResponseSchema, await (await authenticate(credential)).json())
    expect(first.is_new_user).toBe(true)
    expect(first.user.isGuest).toBe(true)
    expect(first.user.linkedAccounts).toMatchObject([{ type: 'guest' }])
    const again = v.parse(TokenResponseSchema, await (await authenticate(credential)).json())
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(first.user.id)
    expect(again.user.isGuest).toBe(true)
  })

  it('stores only a hash of the credential and never sends it back', async () => {
    const credential = createGuestCredential()
    const res = await authenticate(credential)
    expect(await res.text()).not.toContain(credential)
    const rows = await t.server.db.query<{ identifier: string; data: unknown }>("SELECT identifier, data FROM linked_accounts WHERE type = 'guest'")
    expect(rows.some((r) => r.identifier.includes(credential) || JSON.stringify(r.data).includes(credential))).toBe(false)
  })

  it('malformed credentials are 400 invalid_data and create nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM users')
    for (const bad of [undefined, 42, '', 'short', createGuestCredential() + 'A', 'a'.repeat(42) + '+', 'a'.repeat(42) + '=']) {
      const res = await authenticate(bad)
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('invalid_data')
    }
    expect((await t.request('/api/v1/guest/authenticate', { body: 'not json' })).status).toBe(400)
    expect(await count('SELECT count(*)::int AS n FROM users')).toBe(before)
  })

  it('is refused while a non-guest user is logged in', async () => {
    const user = await t.login('real.user@example.com')
    const res = await authenticate(createGuestCredential(), user.token!)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ code: 'already_authenticated', error: 'User cannot already be authenticated to create a guest account' })
  })

  it('a guest who links an e-mail keeps the same user id and stops being a guest; the credential then retires', async () => {
    const credential = createGuestCredential()
    const guest = v.parse(TokenResponseSchema, await (await authenticate(credential)).json())
    await t.request('/api/v1/passwordless/init', { body: { email: 'upgraded@example.com' } })
    const code = await t.lastCode('upgraded@example.com')
    const linked = await t.request('/api/v1/passwordless/link', { body: { email: 'upgraded@example.com', code }, token: guest.token! })
    expect(linked.status).toBe(200)
    const user = await linked.json()
    expect(user.id).toBe(guest.user.id)
    expect(user.isGuest).toBe(false)
    expect(user.linkedAccounts.map((a: { type: string }) => a.type)).toEqual(['guest', 'email'])
    const retired = await authenticate(credential)
    expect(retired.status).toBe(401)
    expect(await retired.json()).toEqual({ code: 'invalid_credentials', error: 'Unable to authenticate guest account' })
    // The e-mail logs into the same user.
    expect((await t.login('upgraded@example.com')).user.id).toBe(guest.user.id)
  })

  it('an app without "guest": true refuses with disallowed_login_method', async () => {
    const other = await createTestServer({ plugins: [emailServer(), guestServer()] })
    const res = await other.request('/api/v1/guest/authenticate', { body: { guest_credential: createGuestCredential() } })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('disallowed_login_method')
    await other.close()
  })
})
