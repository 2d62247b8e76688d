import { afterAll, describe, expect, it } from 'vitest'
import { smsServer } from '../plugins/sms/server.js'
import { emailServer } from '../plugins/email/server.js'
import { embeddedWalletServer } from '../plugins/embedded-wallet/server.js'
import { startFoyerTestServer, TEST_APP_ID, type FoyerTestServer } from './startFoyerTestServer.js'

const started: FoyerTestServer[] = []
const start = async (...args: Parameters<typeof startFoyerTestServer>) => {
  const server = await startFoyerTestServer(...args)
  started.push(server)
  return server
}
afterAll(() => Promise.all(started.map((s) => s.close())))

const ORIGIN = 'http://localhost:5173'

/** The e-mail plugin's init route, called as the page at ORIGIN would. */
const sendEmailCode = (foyer: FoyerTestServer, email: string) =>
  fetch(`${foyer.apiUrl}/api/v1/passwordless/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'foyer-app-id': foyer.appId, origin: ORIGIN },
    body: JSON.stringify({ email }),
  })

describe('startFoyerTestServer', () => {
  it('serves the real API on a free port, its app allowing the given origins, and no wallet frame without the plugin', async () => {
    const [a, b] = await Promise.all([start({ origins: [ORIGIN] }), start({ origins: [ORIGIN] })])
    expect(a.apiUrl).not.toBe(b.apiUrl)
    expect(a.appId).toBe(TEST_APP_ID)
    expect(a.walletUrl).toBeNull()
    const config = await fetch(`${a.apiUrl}/api/v1/apps/${a.appId}`, { headers: { origin: ORIGIN } })
    expect(config.status).toBe(200)
    expect(config.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const refused = await fetch(`${b.apiUrl}/api/v1/passwordless/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'foyer-app-id': b.appId, origin: 'http://localhost:9999' },
      body: '{"email":"x@example.com"}',
    })
    expect(refused.status).toBe(403)
  })

  it('waitForCode: the newest unread code, each once; a code sent while it waits; a timeout naming the address', async () => {
    const foyer = await start({ origins: [ORIGIN] })
    expect((await sendEmailCode(foyer, 'Ada@Example.com')).status).toBe(200)
    const first = await foyer.outbox.waitForCode('ada@example.com')
    expect(first).toMatch(/^\d{6}$/)
    const waiting = foyer.outbox.waitForCode('ADA@example.com', { timeoutMs: 5_000 })
    await sendEmailCode(foyer, 'ada@example.com')
    const second = await waiting
    // The second code is the one the outbox holds now (a new code replaces the old one).
    const [latest] = (await (await foyer.server.app.request('/dev/outbox')).json()) as { code: string }[]
    expect(second).toBe(latest!.code)
    await expect(foyer.outbox.waitForCode('ada@example.com', { timeoutMs: 100 })).rejects.toThrow('no code was sent to ada@example.com within 100 ms')
  })

  it('createUser: a user with its e-mail and phone accounts, the one a sign-in with that address then finds', async () => {
    const foyer = await start({ origins: [ORIGIN], plugins: [emailServer(), smsServer()] })
    const made = await foyer.createUser({ email: 'Grace@Example.com', phone: '+12025550100' })
    expect(made).toMatchObject({ email: 'grace@example.com', phone: '+12025550100' })
    expect(made.user.linkedAccounts.map((a) => a.type).sort()).toEqual(['email', 'phone'])
    await sendEmailCode(foyer, 'grace@example.com')
    const code = await foyer.outbox.waitForCode('grace@example.com')
    const res = await fetch(`${foyer.apiUrl}/api/v1/passwordless/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'foyer-app-id': foyer.appId, origin: ORIGIN },
      body: JSON.stringify({ email: 'grace@example.com', code }),
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(made.id)
    await expect(foyer.createUser({ email: 'grace@example.com' })).rejects.toThrow()
    await expect(foyer.createUser({ phone: '202-555-0100' })).rejects.toThrow('E.164')
  })

  it('serves the wallet frame on a listener of its own when a plugin declares it, its origin the server\'s walletOrigin', async () => {
    // The frame calls the API: its origin is known once the server listens, hence a function.
    let apiUrl: string | undefined
    const foyer = await start({
      plugins: [emailServer(), embeddedWalletServer({ apiOrigin: () => apiUrl })],
      apps: [{ id: TEST_APP_ID, name: 'Wallet app', allowed_origins: [ORIGIN], email_auth: true, 'embedded-wallet': {} }],
    })
    apiUrl = foyer.apiUrl
    expect(foyer.walletUrl).toMatch(/^http:\/\/localhost:\d+$/)
    expect(foyer.walletUrl).not.toBe(foyer.apiUrl)
    expect(foyer.server.ctx.config.walletOrigin).toBe(foyer.walletUrl)
    const page = await fetch(`${foyer.walletUrl}/apps/${TEST_APP_ID}/embedded-wallets`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy')
    expect(csp).toContain(`frame-ancestors ${ORIGIN}`)
    expect(csp).toContain(`connect-src ${foyer.apiUrl}`)
  })

  it('close() stops the listener', async () => {
    const foyer = await startFoyerTestServer()
    expect((await fetch(`${foyer.apiUrl}/healthz`)).status).toBe(200)
    await foyer.close()
    await expect(fetch(`${foyer.apiUrl}/healthz`)).rejects.toThrow()
  })
})
