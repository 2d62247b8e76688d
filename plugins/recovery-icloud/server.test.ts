import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { WALLET_ORIGIN } from '../../test/kit/embeddedWallets.js'
import { startCloudKitStandin, type CloudKitStandin } from '../../test/standins/cloudKitStandin.js'
import { emailServer } from '../email/server.js'
import { embeddedWalletServer } from '../embedded-wallet/server.js'
import { recoveryIcloudServer } from './server.js'

let t: TestServer
let plain: TestServer
let cloudKit: CloudKitStandin
let users = 0
const newUser = async (server = t) => (await server.login(`icloud.user.${++users}@example.com`)).token!
const oauth = async (server: TestServer, token: string, route: string, body: unknown, origin: string | null = WALLET_ORIGIN) => {
  const path = `/api/v1/recovery/oauth/${route}`
  return server.request(path, { body, token, headers: { ...(origin ? { origin } : {}), ...(await server.device.proofHeader(path, token)) } })
}

beforeAll(async () => {
  cloudKit = await startCloudKitStandin()
  const icloud = { container: cloudKit.container, environment: cloudKit.environment, apiToken: cloudKit.apiToken, baseUrl: cloudKit.url, signInOrigin: cloudKit.url }
  t = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer(), recoveryIcloudServer(icloud)],
    walletOrigin: WALLET_ORIGIN,
    app: { 'embedded-wallet': { user_owned_recovery_options: ['icloud'] } },
  })
  // No CloudKit container.
  plain = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer(), recoveryIcloudServer({ container: '', apiToken: '' })],
    walletOrigin: WALLET_ORIGIN,
    app: { 'embedded-wallet': { user_owned_recovery_options: ['icloud'] } },
  })
})
afterAll(async () => {
  await t?.close()
  await plain?.close()
  await cloudKit?.close()
})

describe('recovery OAuth: iCloud', () => {
  it('init_icloud answers the CloudKit sign-in URL from the 421 of an unauthenticated users/caller', async () => {
    const res = await oauth(t, await newUser(), 'init_icloud', { client_type: 'web' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { url: string }).url).toMatch(new RegExp(`^${cloudKit.url}/signin`))
    expect((await oauth(t, await newUser(), 'init_icloud', { client_type: 'native' })).status).toBe(400)
    const unconfigured = await oauth(plain, await newUser(plain), 'init_icloud', { client_type: 'web' })
    expect(((await unconfigured.json()) as { code: string }).code).toBe('recovery_oauth_not_configured')
  })
})

describe('recovery OAuth: iCloud, who may ask', () => {
  it('refuses another origin than the wallet frame, no token, and an app that does not offer iCloud', async () => {
    expect((await oauth(t, await newUser(), 'init_icloud', { client_type: 'web' }, null)).status).toBe(403)
    expect((await oauth(t, '', 'init_icloud', { client_type: 'web' })).status).toBe(401)
    const other = await createTestServer({
      plugins: [emailServer(), embeddedWalletServer(), recoveryIcloudServer({ container: cloudKit.container, apiToken: cloudKit.apiToken, baseUrl: cloudKit.url })],
      walletOrigin: WALLET_ORIGIN,
      app: { 'embedded-wallet': { user_owned_recovery_options: ['user-passcode'] } },
    })
    try {
      const res = await oauth(other, await newUser(other), 'init_icloud', { client_type: 'web' })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('recovery_method_not_enabled')
    } finally {
      await other.close()
    }
  })
})
