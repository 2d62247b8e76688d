import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RawUser } from '../../core/protocol/index.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { createBody, custodyCall, makeWallet, WALLET_ORIGIN } from '../../test/kit/embeddedWallets.js'
import { startCloudKitStandin, type CloudKitStandin } from '../../test/standins/cloudKitStandin.js'
import { startGoogleDriveStandin, type GoogleDriveStandin } from '../../test/standins/googleDriveStandin.js'
import { emailServer } from '../email/server.js'
import { newOprfPasswordKdf } from '../recovery-password/frame.js'
import { recoveryPasswordServer } from '../recovery-password/server.js'
import { recoveryIcloudServer } from '../recovery-icloud/server.js'
import { recoveryGoogleDriveServer } from './server.js'
import { embeddedWalletServer, RECOVERY_OAUTH_CALLBACK_PATH } from '../embedded-wallet/server.js'
import { sealRecoveryShare } from '../../test/kit/passwordRecovery.js'

let t: TestServer
let plain: TestServer
let drive: GoogleDriveStandin
let cloudKit: CloudKitStandin
let users = 0
const newUser = async (server = t) => (await server.login(`cloud.user.${++users}@example.com`)).token!
const oauth = async (server: TestServer, token: string, route: string, body: unknown, origin: string | null = WALLET_ORIGIN) => {
  const path = `/api/v1/recovery/oauth/${route}`
  return server.request(path, { body, token, headers: { ...(origin ? { origin } : {}), ...(await server.device.proofHeader(path, token)) } })
}
const CALLBACK = `${WALLET_ORIGIN}${RECOVERY_OAUTH_CALLBACK_PATH}`
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), state: randomBytes(18).toString('base64url') }
}
/** init, then the stand-in's authorize (it approves at once): the code Google would hand the callback page. */
async function authorize(token: string, flow = pkce(), server = t) {
  const res = await oauth(server, token, 'init', { redirect_to: CALLBACK, code_challenge: flow.challenge, state_code: flow.state })
  expect(res.status).toBe(200)
  const { url } = (await res.json()) as { url: string }
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!)
  return { ...flow, url: new URL(url), code: back.searchParams.get('code')!, returnedState: back.searchParams.get('state') }
}
const authenticate = (token: string, body: Record<string, unknown>) => oauth(t, token, 'authenticate', { provider: 'google-drive', ...body })

beforeAll(async () => {
  drive = await startGoogleDriveStandin()
  cloudKit = await startCloudKitStandin()
  const env = { ...drive.env(), ...cloudKit.env() }
  const recoveryCloud = {
    google: { clientId: env.FOYER_RECOVERY_GOOGLE_CLIENT_ID, clientSecret: env.FOYER_RECOVERY_GOOGLE_CLIENT_SECRET, authUrl: env.FOYER_RECOVERY_GOOGLE_AUTH_URL, tokenUrl: env.FOYER_RECOVERY_GOOGLE_TOKEN_URL, driveUrl: drive.url },
    icloud: { container: cloudKit.container, environment: cloudKit.environment, apiToken: cloudKit.apiToken, baseUrl: cloudKit.url, signInOrigin: cloudKit.url },
  }
  t = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer({ apiOrigin: 'http://localhost:8787' }), recoveryPasswordServer(), recoveryGoogleDriveServer(recoveryCloud.google), recoveryIcloudServer(recoveryCloud.icloud)],
    walletOrigin: WALLET_ORIGIN,
    app: { 'embedded-wallet': { user_owned_recovery_options: ['user-passcode', 'google-drive', 'icloud'] } },
  })
  // Offers a password only, and has no Google client or CloudKit container.
  plain = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer(), recoveryGoogleDriveServer({ clientId: '', clientSecret: '' }), recoveryIcloudServer({ container: '', apiToken: '' })],
    walletOrigin: WALLET_ORIGIN,
    app: { 'embedded-wallet': { user_owned_recovery_options: ['user-passcode', 'google-drive', 'icloud'] } },
  })
})
afterAll(async () => {
  await t?.close()
  await plain?.close()
  await drive?.close()
  await cloudKit?.close()
})

describe('recovery OAuth: Google Drive', () => {
  it('init answers Google\'s authorize URL (drive.appdata, PKCE S256, the state, the frame\'s callback); authenticate exchanges the code with the client secret', async () => {
    const token = await newUser()
    const flow = await authorize(token)
    const q = flow.url.searchParams
    expect(q.get('client_id')).toBe(drive.clientId)
    expect(q.get('scope')).toBe('https://www.googleapis.com/auth/drive.appdata')
    expect(q.get('code_challenge')).toBe(flow.challenge)
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('redirect_uri')).toBe(CALLBACK)
    expect(flow.returnedState).toBe(flow.state)
    const res = await authenticate(token, { authorization_code: flow.code, state_code: flow.state, code_verifier: flow.verifier })
    expect(res.status).toBe(200)
    const { access_token } = (await res.json()) as { access_token: string }
    expect(access_token).toMatch(/^ya29\./)
    const sent = drive.tokenRequests.at(-1)!
    expect(sent.get('client_secret')).toBe(drive.clientSecret)
    expect(sent.get('code_verifier')).toBe(flow.verifier)
    expect(sent.get('redirect_uri')).toBe(CALLBACK)
  })

  it('a used state, an unknown state, another user\'s state, a wrong verifier or provider: 4xx, and nothing is claimed or exchanged', async () => {
    const token = await newUser()
    const flow = await authorize(token)
    const before = drive.tokenRequests.length
    const base = { authorization_code: flow.code, state_code: flow.state, code_verifier: flow.verifier }
    // Wrong provider: refused by the schema, before anything is read.
    const provider = await oauth(t, token, 'authenticate', { ...base, provider: 'icloud' })
    expect(provider.status).toBe(400)
    expect(((await provider.json()) as { code: string }).code).toBe('invalid_data')
    // An unknown state.
    const unknown = await authenticate(token, { ...base, state_code: pkce().state })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { code: string }).code).toBe('recovery_oauth_failed')
    // Another user holding the state.
    const other = await authenticate(await newUser(), base)
    expect(other.status).toBe(400)
    // A verifier that doesn't match the challenge.
    const verifier = await authenticate(token, { ...base, code_verifier: pkce().verifier })
    expect(verifier.status).toBe(400)
    // From a page other than the wallet frame.
    const origin = await oauth(t, token, 'authenticate', { ...base, provider: 'google-drive' }, 'http://localhost:5173')
    expect(origin.status).toBe(403)
    expect(drive.tokenRequests.length).toBe(before)
    // None of that used the login: the right call still works — once.
    expect((await authenticate(token, base)).status).toBe(200)
    const again = await authenticate(token, base)
    expect(again.status).toBe(400)
    expect(((await again.json()) as { code: string }).code).toBe('recovery_oauth_failed')
    expect(drive.tokenRequests.length).toBe(before + 1)
  })

  it('init refuses a redirect_to other than the frame\'s callback, a reused state, another origin, and an app or server without Google Drive', async () => {
    const token = await newUser()
    const flow = pkce()
    const bad = await oauth(t, token, 'init', { redirect_to: 'https://evil.example/cb', code_challenge: flow.challenge, state_code: flow.state })
    expect(bad.status).toBe(400)
    expect((await oauth(t, token, 'init', { redirect_to: CALLBACK, code_challenge: flow.challenge, state_code: flow.state })).status).toBe(200)
    expect((await oauth(t, token, 'init', { redirect_to: CALLBACK, code_challenge: flow.challenge, state_code: flow.state })).status).toBe(400)
    expect((await oauth(t, token, 'init', { redirect_to: CALLBACK, code_challenge: flow.challenge, state_code: pkce().state }, null)).status).toBe(403)
    const unconfigured = await oauth(plain, await newUser(plain), 'init', { redirect_to: CALLBACK, code_challenge: flow.challenge, state_code: pkce().state })
    expect(unconfigured.status).toBe(400)
    expect(((await unconfigured.json()) as { code: string }).code).toBe('recovery_oauth_not_configured')
    expect((await oauth(t, '', 'init', { redirect_to: CALLBACK, code_challenge: flow.challenge, state_code: pkce().state })).status).toBe(401)
  })
})

describe('set_recovery and recovery_share with a cloud method', () => {
  async function walletWithKey(method: 'google-drive' | 'icloud') {
    const token = await newUser()
    const wallet = await makeWallet('ethereum')
    const call = custodyCall(t, token, WALLET_ORIGIN)
    const user = (await (await call('create', createBody(wallet))).json()) as RawUser
    const rootId = String(user.linkedAccounts.find((a) => a.type === 'wallet')!.rootId)
    const key = new Uint8Array(randomBytes(32))
    const sealed = await sealRecoveryShare(key, wallet.shares.device, { userId: user.id, rootId, method })
    const kdf = { algorithm: 'cloud-key', provider: method, name: `foyer-recovery-key-${randomBytes(16).toString('hex')}` }
    return { call, wallet, rootId, sealed, kdf }
  }

  it('stores where the key is (no secret) and answers it to recovery_share; the account says google-drive', async () => {
    const { call, wallet, sealed, kdf } = await walletWithKey('google-drive')
    const set = await call('set_recovery', { address: wallet.address, recovery_method: 'google-drive', encrypted_recovery_share: sealed, kdf })
    expect(set.status).toBe(200)
    const user = (await set.json()) as RawUser
    expect(user.linkedAccounts.find((a) => a.type === 'wallet')!.recoveryMethod).toBe('google-drive')
    const share = (await (await call('recovery_share', { address: wallet.address })).json()) as { kdf: unknown; recovery_method: string }
    expect(share.kdf).toEqual(kdf)
    expect(share.recovery_method).toBe('google-drive')
  })

  it('refuses a locator of another method, password parameters for a cloud method, and a method the app does not offer; nothing changes', async () => {
    const { call, wallet, sealed, kdf, rootId } = await walletWithKey('icloud')
    const wrong = await call('set_recovery', { address: wallet.address, recovery_method: 'icloud', encrypted_recovery_share: sealed, kdf: { ...kdf, provider: 'google-drive' } })
    expect(wrong.status).toBe(400)
    const passwordKdf = newOprfPasswordKdf()
    expect((await call('set_recovery', { address: wallet.address, recovery_method: 'icloud', encrypted_recovery_share: sealed, kdf: passwordKdf })).status).toBe(400)
    expect((await call('set_recovery', { address: wallet.address, recovery_method: 'icloud', encrypted_recovery_share: sealed, kdf: { ...kdf, name: 'x' } })).status).toBe(400)
    const [root] = await t.server.db.query<{ recovery_method: string }>('SELECT recovery_method FROM embedded_wallet_roots WHERE id = $1', [rootId])
    expect(root!.recovery_method).toBe('privy')
  })
})

describe('the wallet origin: recovery page and login callback', () => {
  it("the recovery page may connect to Drive and CloudKit and is told where they are; the callback page keeps its opener and can't be embedded", async () => {
    const listening = await t.server.listenAll({ api: 0, wallet: 0 })
    try {
      const page = await fetch(`${listening.wallet!.url}/apps/${t.appId}/embedded-wallets/recovery`)
      const csp = page.headers.get('content-security-policy')!
      expect(csp).toContain(`connect-src http://localhost:8787 ${drive.url} ${cloudKit.url};`)
      const html = await page.text()
      expect(html).toContain(cloudKit.apiToken)
      expect(html).not.toContain(drive.clientSecret)
      // The hidden proxy reaches the API only.
      const proxy = await fetch(`${listening.wallet!.url}/apps/${t.appId}/embedded-wallets`)
      expect(proxy.headers.get('content-security-policy')).toContain('connect-src http://localhost:8787;')
      const callback = await fetch(`${listening.wallet!.url}${RECOVERY_OAUTH_CALLBACK_PATH}?code=c&state=s`)
      expect(callback.status).toBe(200)
      expect(callback.headers.get('cross-origin-opener-policy')).toBeNull()
      expect(callback.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(await callback.text()).toContain('"mode":"oauth-callback"')
    } finally {
      await listening.api!.close()
      await listening.wallet!.close()
    }
  })
})
