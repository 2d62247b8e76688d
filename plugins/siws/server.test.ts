import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { createSiwsMessage, type SiwsMessage } from './siwsMessage.js'
import { siwsServer } from './server.js'
import { SIWS_STATEMENT } from './schema.js'

let t: TestServer
let clock = Date.now()

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), siwsServer()],
    app: { solana_wallet_auth: true },
    rateLimits: { 'siws.init.ip': { limit: 1000 }, 'siws.authenticate.ip': { limit: 1000 } },
    now: () => clock,
  })
})
afterAll(() => t?.close())

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any })
const keypair = () => {
  const secret = ed25519.utils.randomPrivateKey()
  return { secret, address: bs58.encode(ed25519.getPublicKey(secret)) }
}

async function nonceFor(address: string) {
  const { status, body } = await json(await t.request('/api/v1/siws/init', { body: { address, token: null } }))
  expect(status).toBe(200)
  return body.nonce as string
}

/** init → a signed message for `who` (fields overridable). */
async function signedMessage(who = keypair(), overrides: Partial<SiwsMessage> = {}) {
  const nonce = await nonceFor(who.address)
  const message = createSiwsMessage({
    domain: new URL(TEST_ORIGIN).host,
    address: who.address,
    statement: SIWS_STATEMENT,
    uri: TEST_ORIGIN,
    version: '1',
    chainId: 'mainnet',
    nonce,
    issuedAt: new Date(clock).toISOString(),
    resources: ['http://localhost:8787'],
    ...overrides,
  })
  const signature = bs58.encode(ed25519.sign(new TextEncoder().encode(message), who.secret))
  return { who, nonce, message, signature }
}

const authenticate = (s: { message: string; signature: string }, extra: Record<string, unknown> = {}) =>
  t.request('/api/v1/siws/authenticate', {
    body: { message: s.message, signature: s.signature, walletClientType: 'phantom', connectorType: 'solana_adapter', mode: 'login-or-sign-up', ...extra },
  })

async function expectRejected(res: Response, message: string) {
  const { status, body } = await json(res)
  expect(status).toBe(401)
  expect(body.code).toBe('invalid_credentials')
  expect(body.error).toBe(message)
}

describe('siws init', () => {
  it('answers a fresh 128-bit alphanumeric nonce each time', async () => {
    const { address } = keypair()
    const a = await nonceFor(address)
    const b = await nonceFor(address)
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(a).not.toBe(b)
  })

  it('refuses an address that is not a base58 32-byte key (400 invalid_data)', async () => {
    for (const address of ['0x' + 'a'.repeat(40), 'short', bs58.encode(new Uint8Array(33).fill(9))]) {
      const { status, body } = await json(await t.request('/api/v1/siws/init', { body: { address } }))
      expect(status).toBe(400)
      expect(body.code).toBe('invalid_data')
    }
  })

  it('is refused when the app has not enabled solana_wallet_auth', async () => {
    const off = await createTestServer({ plugins: [emailServer(), siwsServer()] })
    try {
      const { status, body } = await json(await off.request('/api/v1/siws/init', { body: { address: keypair().address } }))
      expect(status).toBe(403)
      expect(body.code).toBe('disallowed_login_method')
    } finally {
      await off.close()
    }
  })
})

describe('siws authenticate', () => {
  it('signs a new user in with a solana wallet account, then the same wallet logs into the same user', async () => {
    const first = await signedMessage()
    const { status, body } = await json(await authenticate(first))
    expect(status).toBe(200)
    expect(body.is_new_user).toBe(true)
    expect(body.token).toEqual(expect.any(String))
    expect(body.user.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'wallet', address: first.who.address, chainType: 'solana', walletClientType: 'phantom', connectorType: 'solana_adapter' }),
    ])
    const again = await json(await authenticate(await signedMessage(first.who)))
    expect(again.status).toBe(200)
    expect(again.body.is_new_user).toBe(false)
    expect(again.body.user.id).toBe(body.user.id)
  })

  it('rejects a replayed nonce', async () => {
    const s = await signedMessage()
    expect((await authenticate(s)).status).toBe(200)
    await expectRejected(await authenticate(s), 'Unknown, used or expired nonce')
  })

  it('lets exactly one of two parallel submissions of the same message through', async () => {
    const s = await signedMessage()
    const results = await Promise.all([authenticate(s), authenticate(s), authenticate(s)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401])
  })

  it('rejects a nonce the server never issued', async () => {
    const s = await signedMessage()
    const forged = await signedMessage(s.who, { nonce: 'feedfacefeedfacefeedfacefeedface' })
    await expectRejected(await authenticate(forged), 'Unknown, used or expired nonce')
  })

  it('rejects a nonce issued for another address', async () => {
    const alice = keypair()
    const bob = keypair()
    const nonce = await nonceFor(alice.address)
    const s = await signedMessage(bob, { nonce })
    await expectRejected(await authenticate(s), 'Unknown, used or expired nonce')
  })

  it('rejects a nonce older than 10 minutes', async () => {
    const who = keypair()
    const nonce = await nonceFor(who.address)
    clock += 11 * 60_000
    try {
      // Issued-at is fresh: only the nonce has aged.
      const s = await signedMessage(who, { nonce, issuedAt: new Date(clock).toISOString() })
      await expectRejected(await authenticate(s), 'Unknown, used or expired nonce')
    } finally {
      clock -= 11 * 60_000
    }
  })

  it('rejects each message rule with 401 naming it, and keeps the nonce unspent', async () => {
    const cases: Array<[Partial<SiwsMessage>, string]> = [
      [{ domain: 'evil.example.com' }, 'Domain is not allowed'],
      [{ uri: 'https://evil.example.com' }, 'URI is not allowed'],
      [{ chainId: 'devnet' }, 'Chain ID is not allowed'],
      [{ version: '2' }, 'Unsupported version'],
      [{ issuedAt: new Date(clock - 20 * 60_000).toISOString() }, 'Message is too old'],
      [{ expirationTime: new Date(clock - 1000).toISOString() }, 'Message has expired'],
      [{ notBefore: new Date(clock + 5 * 60_000).toISOString() }, 'Message is not yet valid'],
    ]
    for (const [overrides, rule] of cases) {
      const s = await signedMessage(keypair(), overrides)
      await expectRejected(await authenticate(s), rule)
      // The same nonce still works in a correct message: a refused message spends nothing.
      const good = await signedMessage(s.who, { nonce: s.nonce })
      expect((await authenticate(good)).status).toBe(200)
    }
  })

  it('rejects a signature by another key', async () => {
    const s = await signedMessage()
    const other = keypair()
    const signature = bs58.encode(ed25519.sign(new TextEncoder().encode(s.message), other.secret))
    await expectRejected(await authenticate({ message: s.message, signature }), 'Invalid signature')
  })

  it('answers 400 invalid_data for malformed bodies and messages, storing nothing', async () => {
    const s = await signedMessage()
    const bad: unknown[] = [
      {},
      { message: s.message },
      { message: s.message, signature: 42 },
      { message: s.message, signature: '0x' + 'ab'.repeat(64) },
      { message: 'hello', signature: s.signature },
      { message: s.message, signature: s.signature, mode: 'sometimes' },
    ]
    for (const body of bad) {
      const res = await json(await t.request('/api/v1/siws/authenticate', { body }))
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
    // The nonce survived every malformed attempt.
    expect((await authenticate(s)).status).toBe(200)
  })

  it("no-signup refuses an unknown wallet (404 user_does_not_exist)", async () => {
    const res = await json(await authenticate(await signedMessage(), { mode: 'no-signup' }))
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
  })
})

describe('siws link and unlink', () => {
  it('links a solana wallet to a signed-in user, refuses one owned by another user, and unlinks it', async () => {
    const token = (await t.login('siws-linker@example.com')).token!
    const s = await signedMessage()
    const linked = await json(await t.request('/api/v1/siws/link', { token, body: { message: s.message, signature: s.signature, walletClientType: 'backpack', connectorType: 'solana_adapter' } }))
    expect(linked.status).toBe(200)
    expect(linked.body.linkedAccounts.map((a: any) => a.type)).toEqual(['email', 'wallet'])
    expect(linked.body.linkedAccounts[1]).toMatchObject({ address: s.who.address, chainType: 'solana', walletClientType: 'backpack' })

    const other = (await t.login('siws-other@example.com')).token!
    const again = await signedMessage(s.who)
    const taken = await json(await t.request('/api/v1/siws/link', { token: other, body: { message: again.message, signature: again.signature } }))
    expect(taken.status).toBe(400)
    expect(taken.body.code).toBe('linked_to_another_user')

    const unlinked = await json(await t.request('/api/v1/siws/unlink', { token, body: { address: s.who.address } }))
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linkedAccounts.map((a: any) => a.type)).toEqual(['email'])
  })

  it('link needs a signed-in user and a fresh nonce', async () => {
    const s = await signedMessage()
    expect((await t.request('/api/v1/siws/link', { body: { message: s.message, signature: s.signature } })).status).toBe(401)
    const token = (await t.login('siws-replay@example.com')).token!
    expect((await authenticate(s)).status).toBe(200)
    await expectRejected(await t.request('/api/v1/siws/link', { token, body: { message: s.message, signature: s.signature } }), 'Unknown, used or expired nonce')
  })

  it('unlink refuses an address that is not a Solana address', async () => {
    const token = (await t.login('siws-unlink@example.com')).token!
    const res = await json(await t.request('/api/v1/siws/unlink', { token, body: { address: '0x' + '1'.repeat(40) } }))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })
})
