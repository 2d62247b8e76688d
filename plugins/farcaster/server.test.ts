import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { completeChannel, signConnectUri, type SiwfOverrides } from '../../test/standins/farcasterApp.js'
import { farcasterServer } from './server.js'

const FID = 4242
const custody = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
// The fixture resolver: fid 4242 belongs to `custody`, fid 7 to `stranger`, nothing else is registered.
const registry = new Map<bigint, `0x${string}`>([
  [BigInt(FID), custody.address],
  [7n, stranger.address],
])

let t: TestServer
let clock = Date.now()

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), farcasterServer({ resolveCustody: async (fid) => registry.get(fid) ?? null })],
    app: { farcaster: { connect_host: 'https://farcaster.test' } },
    rateLimits: { 'farcaster.init.ip': { limit: 1000 }, 'farcaster.authenticate.ip': { limit: 1000 } },
    now: () => clock,
  })
})
afterAll(() => t?.close())

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any })
const relay = (path: string, init: RequestInit) => Promise.resolve(t.app.request(path, init))

async function init() {
  const { status, body } = await json(await t.request('/api/v1/farcaster/init', { body: { token: null } }))
  expect(status).toBe(200)
  return body as { connect_uri: string; channel_token: string }
}

/** init → a test Farcaster app signs (with `overrides`) and completes the channel through the relay. */
async function completed(overrides: SiwfOverrides = {}, signer = custody, fid = FID) {
  const { connect_uri } = await init()
  const signed = await signConnectUri(connect_uri, signer, fid, overrides)
  const res = await completeChannel(relay, signed, { username: 'alice', displayName: 'Alice', pfpUrl: 'https://img.test/a.png' })
  expect(res.status).toBe(201)
  return signed
}

const authenticate = (signed: { channelToken: string; message: string; signature: string; fid: number }, extra: Record<string, unknown> = {}) =>
  t.request('/api/v1/farcaster/authenticate', {
    body: { channel_token: signed.channelToken, message: signed.message, signature: signed.signature, fid: signed.fid, mode: 'login-or-sign-up', ...extra },
  })

async function expectRejected(res: Response, message: string) {
  const { status, body } = await json(res)
  expect(status).toBe(401)
  expect(body.code).toBe('invalid_credentials')
  expect(body.error).toBe(message)
}

describe('farcaster init and status', () => {
  it('init answers a SIWF deep link whose channel token and nonce are fresh 128+ bit values', async () => {
    const a = await init()
    const b = await init()
    const url = new URL(a.connect_uri)
    expect(url.origin + url.pathname).toBe('https://farcaster.test/~/sign-in-with-farcaster')
    expect(url.searchParams.get('channelToken')).toBe(a.channel_token)
    expect(url.searchParams.get('domain')).toBe(new URL(TEST_ORIGIN).host)
    expect(url.searchParams.get('siweUri')).toBe(TEST_ORIGIN)
    expect(url.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/)
    expect(a.channel_token.length).toBeGreaterThanOrEqual(43)
    expect(a.channel_token).not.toBe(b.channel_token)
    expect(url.searchParams.get('nonce')).not.toBe(new URL(b.connect_uri).searchParams.get('nonce'))
  })

  it('status is pending, then completed with the signed message and profile once the relay call came', async () => {
    const { connect_uri, channel_token } = await init()
    const headers = { 'farcaster-channel-token': channel_token }
    expect((await json(await t.request('/api/v1/farcaster/status', { headers }))).body.state).toBe('pending')
    const signed = await signConnectUri(connect_uri, custody, FID)
    expect((await completeChannel(relay, signed, { username: 'alice', displayName: 'Alice' })).status).toBe(201)
    const { body } = await json(await t.request('/api/v1/farcaster/status', { headers }))
    expect(body).toMatchObject({ state: 'completed', message: signed.message, signature: signed.signature, fid: FID, username: 'alice', display_name: 'Alice' })
  })

  it('status refuses a missing or malformed header (400) and an unknown channel (404)', async () => {
    expect((await t.request('/api/v1/farcaster/status')).status).toBe(400)
    expect((await t.request('/api/v1/farcaster/status', { headers: { 'farcaster-channel-token': 'x y' } })).status).toBe(400)
    const res = await t.request('/api/v1/farcaster/status', { headers: { 'farcaster-channel-token': 'A'.repeat(43) } })
    expect(res.status).toBe(404)
  })

  it('the relay refuses a missing or unknown bearer, a malformed body, and a second completion', async () => {
    const { connect_uri } = await init()
    const signed = await signConnectUri(connect_uri, custody, FID)
    expect((await completeChannel(relay, { ...signed, channelToken: 'B'.repeat(43) })).status).toBe(401)
    const noAuth = await relay('/farcaster/relay/v1/channel/authenticate', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect(noAuth.status).toBe(401)
    const bad = await relay('/farcaster/relay/v1/channel/authenticate', {
      method: 'POST',
      headers: { authorization: `Bearer ${signed.channelToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: signed.message, signature: 'nope', fid: FID }),
    })
    expect(bad.status).toBe(400)
    expect((await json(bad)).body.code).toBe('invalid_data')
    expect((await completeChannel(relay, signed)).status).toBe(201)
    const again = await completeChannel(relay, signed)
    expect(again.status).toBe(409)
    expect((await json(again)).body.code).toBe('channel_completed')
  })

  it('init is rate limited per IP (429 too_many_requests)', async () => {
    const limited = await createTestServer({
      plugins: [emailServer(), farcasterServer({ resolveCustody: async () => null })],
      app: { farcaster: {} },
      rateLimits: { 'farcaster.init.ip': { limit: 2 } },
    })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await limited.request('/api/v1/farcaster/init', { body: {} })).status)
    expect(statuses).toEqual([200, 200, 429])
    await limited.close()
  })

  it('a disabled app refuses init with disallowed_login_method', async () => {
    const off = await createTestServer({ plugins: [emailServer(), farcasterServer({ resolveCustody: async () => null })] })
    const res = await off.request('/api/v1/farcaster/init', { body: {} })
    expect(res.status).toBe(403)
    expect((await json(res)).body.code).toBe('disallowed_login_method')
    await off.close()
  })
})

describe('farcaster authenticate: verification rules', () => {
  it('a valid custody signature signs a new user in with the farcaster account', async () => {
    const signed = await completed()
    const { status, body } = await json(await authenticate(signed))
    expect(status).toBe(200)
    expect(body.is_new_user).toBe(true)
    expect(body.user.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'farcaster', fid: FID, ownerAddress: custody.address.toLowerCase(), username: 'alice', displayName: 'Alice', pfp: 'https://img.test/a.png' }),
    ])
    // The same fid later signs in as the same user.
    const next = await json(await authenticate(await completed()))
    expect(next.body.user.id).toBe(body.user.id)
    expect(next.body.is_new_user).toBe(false)
  })

  it('bad signature', async () => {
    const signed = await completed()
    // A valid-looking signature over another message.
    const other = await custody.signMessage({ message: 'something else' })
    const { connect_uri } = await init()
    const forged = await signConnectUri(connect_uri, custody, FID)
    await completeChannel(relay, { ...forged, signature: other })
    await expectRejected(await authenticate({ ...forged, signature: other }), 'Invalid signature')
    expect(signed.signature).not.toBe(other)
  })

  it('signer is not the custody address of the fid', async () => {
    await expectRejected(await authenticate(await completed({}, stranger, FID)), 'Signer is not the custody address')
  })

  it('unregistered fid', async () => {
    await expectRejected(await authenticate(await completed({}, custody, 999)), 'Fid has no custody address')
  })

  it('wrong nonce', async () => {
    await expectRejected(await authenticate(await completed({ nonce: 'abcdef0123456789abcdef0123456789' })), 'Nonce mismatch')
  })

  it('replayed nonce: a channel authenticates once', async () => {
    const signed = await completed()
    expect((await authenticate(signed)).status).toBe(200)
    await expectRejected(await authenticate(signed), 'Unknown or expired channel')
  })

  it('replayed message: a message signed for one channel fails on another', async () => {
    const first = await completed()
    const { connect_uri } = await init()
    const second = { ...first, channelToken: new URL(connect_uri).searchParams.get('channelToken')! }
    await completeChannel(relay, second)
    await expectRejected(await authenticate(second), 'Nonce mismatch')
  })

  it('wrong domain', async () => {
    await expectRejected(await authenticate(await completed({ domain: 'evil.example' })), 'Domain mismatch')
  })

  it('wrong uri', async () => {
    await expectRejected(await authenticate(await completed({ uri: 'https://evil.example' })), 'URI mismatch')
  })

  it('expired message', async () => {
    await expectRejected(await authenticate(await completed({ expirationTime: new Date(clock - 1000) })), 'Message expired')
  })

  it('not-before in the future', async () => {
    await expectRejected(await authenticate(await completed({ notBefore: new Date(clock + 60_000) })), 'Message not yet valid')
  })

  it('expired channel', async () => {
    const signed = await completed()
    clock += 301_000
    try {
      await expectRejected(await authenticate(signed), 'Unknown or expired channel')
    } finally {
      clock -= 301_000
    }
  })

  it('fid mismatch between the body and the message resources', async () => {
    const signed = await completed({ fid: 7 })
    await expectRejected(await authenticate(signed), 'Fid mismatch')
  })

  it('a message naming no fid, or a non-Farcaster statement or chain, is refused', async () => {
    await expectRejected(await authenticate(await completed({ resources: [] })), 'Message must name exactly one fid')
    await expectRejected(await authenticate(await completed({ statement: 'Sign in' })), 'Unexpected statement')
    await expectRejected(await authenticate(await completed({ chainId: 1 })), 'Unexpected chain id')
  })

  it('channel not completed', async () => {
    const { connect_uri } = await init()
    const signed = await signConnectUri(connect_uri, custody, FID)
    await expectRejected(await authenticate(signed), 'Channel not completed')
  })

  it('unknown channel token', async () => {
    const signed = await completed()
    await expectRejected(await authenticate({ ...signed, channelToken: 'C'.repeat(43) }), 'Unknown or expired channel')
  })

  it('a message other than the one the relay stored', async () => {
    const signed = await completed()
    const other = await signConnectUri(`https://x.test/?${new URLSearchParams({ channelToken: signed.channelToken, nonce: 'n'.repeat(16), domain: new URL(TEST_ORIGIN).host, siweUri: TEST_ORIGIN })}`, custody, FID)
    await expectRejected(await authenticate({ ...signed, message: other.message, signature: other.signature }), 'Message does not match the channel')
  })

  it('malformed bodies are 400 invalid_data and store nothing', async () => {
    const signed = await completed()
    for (const body of [{}, { ...signed, fid: -1 }, { ...signed, fid: '4242' }, { channel_token: signed.channelToken, message: signed.message, signature: '0x12', fid: FID }]) {
      const res = await t.request('/api/v1/farcaster/authenticate', { body })
      expect(res.status).toBe(400)
      expect((await json(res)).body.code).toBe('invalid_data')
    }
    // The channel is still usable: nothing was consumed.
    expect((await authenticate(signed)).status).toBe(200)
  })

  it('no-signup refuses an unknown fid and leaves the channel usable', async () => {
    registry.set(55n, custody.address)
    const signed = await completed({}, custody, 55)
    const res = await authenticate(signed, { mode: 'no-signup' })
    expect(res.status).toBe(404)
    expect((await json(res)).body.code).toBe('user_does_not_exist')
    expect((await authenticate(signed)).status).toBe(200)
  })

  it('a failing custody lookup is a 502 that names no secret', async () => {
    const broken = await createTestServer({
      plugins: [emailServer(), farcasterServer({ resolveCustody: async () => { throw new Error('rpc down') } })],
      app: { farcaster: {} },
    })
    const { body: initBody } = await json(await broken.request('/api/v1/farcaster/init', { body: {} }))
    const signed = await signConnectUri(initBody.connect_uri, custody, FID)
    await completeChannel((p, i) => Promise.resolve(broken.app.request(p, i)), signed)
    const res = await broken.request('/api/v1/farcaster/authenticate', {
      body: { channel_token: signed.channelToken, message: signed.message, signature: signed.signature, fid: FID },
    })
    expect(res.status).toBe(502)
    const body = (await res.json()) as { code: string; error: string }
    expect(body.code).toBe('custody_lookup_failed')
    expect(body.error).not.toContain(signed.channelToken)
    await broken.close()
  })
})

describe('farcaster link and unlink', () => {
  it('links a fid to an e-mail user, refuses it for another user, then unlinks it', async () => {
    registry.set(88n, custody.address)
    const token = (await t.login('linker@example.com')).token!
    const signed = await completed({}, custody, 88)
    const linked = await json(
      await t.request('/api/v1/farcaster/link', { token, body: { channel_token: signed.channelToken, message: signed.message, signature: signed.signature, fid: 88 } }),
    )
    expect(linked.status).toBe(200)
    expect(linked.body.linkedAccounts.map((a: any) => a.type)).toEqual(['email', 'farcaster'])

    const other = await t.login('other@example.com')
    const again = await completed({}, custody, 88)
    const conflict = await t.request('/api/v1/farcaster/link', {
      token: other.token!,
      body: { channel_token: again.channelToken, message: again.message, signature: again.signature, fid: 88 },
    })
    expect(conflict.status).toBe(400)
    expect((await json(conflict)).body.code).toBe('account_transfer_required')

    const unlinked = await json(await t.request('/api/v1/farcaster/unlink', { token, body: { fid: 88 } }))
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linkedAccounts.map((a: any) => a.type)).toEqual(['email'])
    expect((await t.request('/api/v1/farcaster/unlink', { token, body: { fid: 'x' } })).status).toBe(400)
  })

  it('link needs a signed-in user', async () => {
    const signed = await completed()
    const res = await t.request('/api/v1/farcaster/link', { body: { channel_token: signed.channelToken, message: signed.message, signature: signed.signature, fid: FID } })
    expect(res.status).toBe(401)
    expect((await json(res)).body.code).toBe('unauthorized')
  })
})
