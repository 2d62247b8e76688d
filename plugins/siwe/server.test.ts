import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { siweServer } from './server.js'

let t: TestServer
let clock = Date.now()

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), siweServer()],
    app: { wallet_auth: true, siwe: { chains: { '1': {}, '8453': {} }, max_wallets_per_user: 3 } },
    rateLimits: { 'siwe.init.ip': { limit: 10_000 }, 'siwe.init.address': { limit: 10_000 }, 'siwe.authenticate.ip': { limit: 10_000 }, 'email.send.address': { limit: 1000 }, 'email.send.ip': { limit: 1000 } },
    now: () => clock,
  })
})
afterAll(() => t?.close())

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any })
const wallet = () => privateKeyToAccount(generatePrivateKey())

async function nonceFor(address: string) {
  const { status, body } = await json(await t.request('/api/v1/siwe/init', { body: { address, token: null } }))
  expect(status).toBe(200)
  return body.nonce as string
}

/** init for `signer` (or `nonceAddress`), then an EIP-4361 message for the test origin signed by `signer`. */
async function signIn(signer: PrivateKeyAccount, over: Partial<SiweMessage> = {}, nonceAddress: string = signer.address) {
  const nonce = await nonceFor(nonceAddress)
  const message = createSiweMessage({
    address: signer.address,
    chainId: 1,
    domain: new URL(TEST_ORIGIN).host,
    nonce,
    uri: TEST_ORIGIN,
    version: '1',
    issuedAt: new Date(clock),
    resources: ['https://foyer.dev'],
    ...over,
  })
  return { message, signature: await signer.signMessage({ message }), nonce }
}

const authenticate = (input: { message: string; signature: string }, extra: Record<string, unknown> = {}) =>
  t.request('/api/v1/siwe/authenticate', {
    body: { message: input.message, signature: input.signature, chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected', mode: 'login-or-sign-up', ...extra },
  })

async function expectRejected(res: Response, message: string) {
  const { status, body } = await json(res)
  expect(status).toBe(401)
  expect(body.code).toBe('invalid_credentials')
  expect(body.error).toBe(message)
}

describe('siwe/init', () => {
  it('answers a fresh alphanumeric nonce of 128 random bits per call', async () => {
    const w = wallet()
    const [a, b] = [await nonceFor(w.address), await nonceFor(w.address)]
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(a).not.toBe(b)
  })

  it('refuses a malformed address with 400 invalid_data and stores nothing', async () => {
    for (const address of ['0x123', 'not-an-address', 42, null]) {
      const { status, body } = await json(await t.request('/api/v1/siwe/init', { body: { address } }))
      expect(status).toBe(400)
      expect(body.code).toBe('invalid_data')
    }
  })

  it('does not store the nonce itself', async () => {
    const nonce = await nonceFor(wallet().address)
    const rows = await t.server.db.query<{ nonce_hash: string }>('SELECT nonce_hash FROM siwe_nonces')
    expect(rows.some((r) => r.nonce_hash.includes(nonce))).toBe(false)
  })
})

describe('siwe/authenticate', () => {
  it('signs a new wallet up with a checksummed wallet account, then logs the same wallet in', async () => {
    const w = wallet()
    const first = await json(await authenticate(await signIn(w)))
    expect(first.status).toBe(200)
    expect(first.body.is_new_user).toBe(true)
    expect(first.body.token).toBeTruthy()
    const [acct] = first.body.user.linkedAccounts
    expect(acct).toMatchObject({ type: 'wallet', address: w.address, chainType: 'ethereum', chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected', imported: false })
    expect(typeof acct.verifiedAt).toBe('number')
    // The same address written in lower case is the same account.
    const again = await signIn(w)
    const lower = again.message.replace(w.address, w.address.toLowerCase())
    const second = await json(await authenticate({ message: lower, signature: await w.signMessage({ message: lower }) }))
    expect(second.status).toBe(200)
    expect(second.body.is_new_user).toBe(false)
    expect(second.body.user.id).toBe(first.body.user.id)
  })

  it('refuses a nonce used once already', async () => {
    const input = await signIn(wallet())
    expect((await authenticate(input)).status).toBe(200)
    await expectRejected(await authenticate(input), 'Nonce already used')
  })

  it('lets at most one of a parallel burst of the same signed message through', async () => {
    const input = await signIn(wallet())
    const results = await Promise.all(Array.from({ length: 8 }, () => authenticate(input)))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 401)).toHaveLength(7)
    const users = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM linked_accounts WHERE identifier = $1`, [input.message.match(/0x[0-9a-fA-F]{40}/)![0].toLowerCase()])
    expect(users[0]!.n).toBe(1)
  })

  it('refuses a nonce issued for another address, and one the server never issued', async () => {
    const w = wallet()
    await expectRejected(await authenticate(await signIn(w, {}, wallet().address)), 'Nonce was issued for another address')
    const input = await signIn(w, { nonce: 'ffffffffffffffffffffffffffffffff' })
    await expectRejected(await authenticate(input), 'Unknown nonce')
  })

  it('refuses an expired nonce even in a fresh message', async () => {
    const w = wallet()
    const nonce = await nonceFor(w.address)
    clock += 601_000
    try {
      const message = createSiweMessage({ address: w.address, chainId: 1, domain: new URL(TEST_ORIGIN).host, nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date(clock) })
      await expectRejected(await authenticate({ message, signature: await w.signMessage({ message }) }), 'Nonce expired')
    } finally {
      clock -= 601_000
    }
  })

  it('refuses a wrong domain, a wrong URI, a disallowed chain and time rules, without echoing the input', async () => {
    const w = wallet()
    const res = await authenticate(await signIn(w, { domain: 'phish.example', uri: 'https://phish.example' }))
    const { body } = await json(res.clone())
    expect(JSON.stringify(body)).not.toContain('phish')
    await expectRejected(res, 'Domain mismatch')
    await expectRejected(await authenticate(await signIn(w, { uri: 'https://phish.example' })), 'URI mismatch')
    await expectRejected(await authenticate(await signIn(w, { chainId: 10 }), { chainId: 'eip155:10' }), 'Chain not allowed')
    expect((await authenticate(await signIn(w, { chainId: 8453 }), { chainId: 8453 })).status).toBe(200)
    await expectRejected(await authenticate(await signIn(w, { expirationTime: new Date(clock - 1000) })), 'Message expired')
    await expectRejected(await authenticate(await signIn(w, { notBefore: new Date(clock + 60_000) })), 'Message not yet valid')
    await expectRejected(await authenticate(await signIn(w, { issuedAt: new Date(clock - 11 * 60_000) })), 'Message too old')
  })

  it('refuses a bad signature and leaves the nonce usable', async () => {
    const w = wallet()
    const input = await signIn(w)
    await expectRejected(await authenticate({ message: input.message, signature: await wallet().signMessage({ message: input.message }) }), 'Invalid signature')
    expect((await authenticate(input)).status).toBe(200)
  })

  it('answers 400 invalid_data for malformed bodies and spends no nonce', async () => {
    const input = await signIn(wallet())
    const bad = [
      { message: input.message },
      { message: input.message, signature: 'nothex' },
      { message: input.message, signature: input.signature, chainId: 'solana:mainnet' },
      { message: 'x'.repeat(9000), signature: input.signature },
      { message: input.message, signature: input.signature, mode: 'whatever' },
      { message: input.message, signature: input.signature, walletClientType: '<script>' },
    ]
    for (const body of bad) {
      const { status, body: out } = await json(await t.request('/api/v1/siwe/authenticate', { body }))
      expect(status).toBe(400)
      expect(out.code).toBe('invalid_data')
    }
    expect((await t.request('/api/v1/siwe/authenticate', { body: 'not json' })).status).toBe(400)
    expect((await authenticate(input)).status).toBe(200)
  })

  it("refuses an unknown wallet in 'no-signup' mode with 404 user_does_not_exist", async () => {
    const { status, body } = await json(await authenticate(await signIn(wallet()), { mode: 'no-signup' }))
    expect(status).toBe(404)
    expect(body.code).toBe('user_does_not_exist')
  })
})

describe('siwe link, unlink and link_smart_wallet', () => {
  it('links wallets to a signed-in user (up to the configured number), refuses another user’s wallet, unlinks', async () => {
    const token = (await t.login('linker@example.com')).token!
    const [a, b, c] = [wallet(), wallet(), wallet()]
    const link = (input: { message: string; signature: string }) =>
      t.request('/api/v1/siwe/link', { token, body: { message: input.message, signature: input.signature, chainId: 'eip155:1', walletClientType: 'rabby_wallet', connectorType: 'injected' } })
    expect((await link(await signIn(a))).status).toBe(200)
    const second = await json(await link(await signIn(b)))
    expect(second.status).toBe(200)
    const wallets = second.body.linkedAccounts.filter((x: any) => x.type === 'wallet')
    expect(wallets.map((x: any) => x.address)).toEqual([a.address, b.address])
    expect(wallets[1]).toMatchObject({ walletClientType: 'rabby_wallet', chainType: 'ethereum' })
    // A wallet that signed up on its own belongs to someone else.
    expect((await authenticate(await signIn(c))).status).toBe(200)
    const taken = await json(await link(await signIn(c)))
    expect(taken.status).toBe(400)
    // Another user's wallet is offered for transfer (plugins/siwe/transfer.server.test.ts covers the rest).
    expect(taken.body.code).toBe('account_transfer_required')
    // Without a token linking is refused before anything is checked.
    expect((await t.request('/api/v1/siwe/link', { body: { message: 'x', signature: '0x00' } })).status).toBe(401)

    const unlinked = await json(await t.request('/api/v1/siwe/unlink', { token, body: { address: a.address.toLowerCase() } }))
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linkedAccounts.filter((x: any) => x.type === 'wallet').map((x: any) => x.address)).toEqual([b.address])
    expect((await t.request('/api/v1/siwe/unlink', { token, body: { address: a.address } })).status).toBe(404)
  })

  it('caps wallets per user at max_wallets_per_user', async () => {
    const token = (await t.login('collector@example.com')).token!
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const input = await signIn(wallet())
      statuses.push((await t.request('/api/v1/siwe/link', { token, body: { message: input.message, signature: input.signature } })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 400])
  })

  it('links a smart wallet after the same verification', async () => {
    const token = (await t.login('smart@example.com')).token!
    const sw = wallet()
    const input = await signIn(sw)
    const bad = await json(await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { ...input, smart_wallet_type: 'mystery' } }))
    expect(bad.status).toBe(400)
    const { status, body } = await json(await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { message: input.message, signature: input.signature, smart_wallet_type: 'kernel' } }))
    expect(status).toBe(200)
    expect(body.linkedAccounts.find((x: any) => x.type === 'smart_wallet')).toMatchObject({ address: sw.address, smartWalletType: 'kernel' })
    await expectRejected(await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { message: input.message, signature: input.signature, smart_wallet_type: 'kernel' } }), 'Nonce already used')
  })
})

describe('wallet_auth off', () => {
  it('refuses nonces and logins with 403 disallowed_login_method', async () => {
    const off = await createTestServer({ plugins: [emailServer(), siweServer()] })
    try {
      const { status, body } = await json(await off.request('/api/v1/siwe/init', { body: { address: wallet().address } }))
      expect(status).toBe(403)
      expect(body.code).toBe('disallowed_login_method')
    } finally {
      await off.close()
    }
  })
})
