import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../../core/client/createFoyer.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import type { FoyerStorage } from '../../core/client/types.js'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../test/kit/createTestServer.js'
import { createGuestAccount, guestCredentialKey } from './createGuestAccount.js'
import { guest } from './index.js'
import { guestServer } from './server.js'

let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), guestServer()], app: { guest: true } })
})
afterAll(() => t.close())

async function kernel(storage: FoyerStorage = createMemoryStorage()) {
  const foyer = createFoyer({
    appId: TEST_APP_ID,
    apiUrl: 'http://foyer.test',
    plugins: [guest()],
    storage,
    fetch: ((url: string, init: RequestInit) => t.app.request(String(url).replace('http://foyer.test', ''), init)) as typeof fetch,
  })
  await foyer.init()
  return foyer
}

describe('createGuestAccount', () => {
  it('creates a 32-byte credential, keeps it in storage and signs in as a guest; the same storage returns the same user', async () => {
    const storage = createMemoryStorage()
    const foyer = await kernel(storage)
    const user = await createGuestAccount(foyer)
    expect(user.isGuest).toBe(true)
    const credential = storage.get(guestCredentialKey(TEST_APP_ID))
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(credential!, 'base64url')).toHaveLength(32)
    expect(foyer.$session.peek().status).toBe('authenticated')
    // A guest who is already signed in gets the same user back without a second account.
    expect((await createGuestAccount(foyer)).id).toBe(user.id)

    await foyer.session.logout()
    const again = await kernel(storage)
    expect((await createGuestAccount(again)).id).toBe(user.id)
  })

  it('is refused while a non-guest user is signed in', async () => {
    const foyer = await kernel()
    const login = await t.login('not.a.guest@example.com')
    foyer.session.handleTokenResponse(login)
    await expect(createGuestAccount(foyer)).rejects.toMatchObject({
      shortMessage: 'User cannot already be authenticated to create a guest account',
      code: 'USER_ALREADY_AUTHENTICATED',
    })
  })

  it('a retired credential (its guest linked an e-mail) is replaced by a new guest', async () => {
    const storage = createMemoryStorage()
    const first = await kernel(storage)
    const guestUser = await createGuestAccount(first)
    const token = first.$session.peek().accessToken!
    await t.request('/api/v1/passwordless/init', { body: { email: 'retired@example.com' } })
    const code = await t.lastCode('retired@example.com')
    expect((await t.request('/api/v1/passwordless/link', { body: { email: 'retired@example.com', code }, token })).status).toBe(200)
    await first.session.logout()
    const old = storage.get(guestCredentialKey(TEST_APP_ID))

    const next = await createGuestAccount(await kernel(storage))
    expect(next.id).not.toBe(guestUser.id)
    expect(next.isGuest).toBe(true)
    expect(storage.get(guestCredentialKey(TEST_APP_ID))).not.toBe(old)
  })

  it('a server failure becomes "Unable to authenticate guest account"', async () => {
    const foyer = createFoyer({
      appId: TEST_APP_ID,
      apiUrl: 'http://foyer.test',
      plugins: [guest()],
      storage: createMemoryStorage(),
      fetch: (async (url: string, init: RequestInit) =>
        String(url).includes('/guest/')
          ? new Response(JSON.stringify({ code: 'invalid_data', error: 'nope' }), { status: 400, headers: { 'content-type': 'application/json' } })
          : t.app.request(String(url).replace('http://foyer.test', ''), init)) as typeof fetch,
    })
    await foyer.init()
    await expect(createGuestAccount(foyer)).rejects.toMatchObject({ shortMessage: 'Unable to authenticate guest account', code: 'GUEST_AUTH_FAILED' })
  })
})
