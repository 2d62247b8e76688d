import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RawUser } from '../../core/protocol/index.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { createBody, custodyCall, makeWallet, solanaKeypairAt, WALLET_ORIGIN } from '../../test/kit/embeddedWallets.js'
import { emailServer } from '../email/server.js'
import { sealDelegationEnvelope } from './delegationEnvelope.js'
import { embeddedWalletServer } from '../embedded-wallet/server.js'
import { DELEGATED_SOLANA_RPC_PATH } from './api.js'
import { IDEMPOTENCY_KEY_HEADER, MAX_REQUEST_EXPIRY_MS, REQUEST_EXPIRY_HEADER, SYSTEM_PROGRAM_ID } from './schema.js'
import { createAuthorizationHeaders, createAuthorizationSignature, delegatedActionsServer } from './server.js'

const APP_SECRET = 'app-secret-for-tests-only-0123456789'
const DELEGATION_KEY = randomBytes(32).toString('base64')
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qWhDVTcUAXjdaeL5hsCXBVKuU' + 'r'
const authKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const pem = (k: typeof authKey) => k.publicKey.export({ type: 'spki', format: 'pem' }).toString()

const logs: string[] = []
const logger = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(String(m)) }
/** Every secret a test made (wallet keys, envelopes): the logs must contain none. */
const secrets: string[] = [APP_SECRET, DELEGATION_KEY]

let t: TestServer
let clock = Date.parse('2026-04-01T00:00:00Z')
let users = 0
const newUser = async () => (await t.login(`delegate.user.${++users}@example.com`)).token!
const count = async (sql: string, params: unknown[] = []) => (await t.server.db.query<{ n: number }>(sql, params))[0]!.n

/** A signed-in user with an embedded Solana wallet (created through the custody route, as the frame does). */
async function userWithSolanaWallet() {
  const token = await newUser()
  const wallet = await makeWallet('solana')
  const res = await custodyCall(t, token)('create', createBody(wallet, { chain_type: 'solana' }))
  expect(res.status).toBe(200)
  const keypair = solanaKeypairAt(wallet.secret, 0)
  secrets.push(Buffer.from(keypair.secretKey).toString('base64'), Buffer.from(keypair.secretKey).toString('hex'))
  return { token, address: wallet.address, keypair }
}

const frameCall = async (path: string, token: string, body: unknown, origin: string | null = WALLET_ORIGIN) => {
  const route = `/api/v1/delegated_actions/${path}`
  // As the frame calls it: its origin, and a proof by the device key the session was bound to.
  return t.request(route, { body, token, headers: { ...(origin ? { origin } : {}), ...(await t.device.proofHeader(route, token)) } })
}

/** What the frame does on Accept: fetch the key, seal this wallet's key, post it. `secretKey` may be another key. */
async function consent(token: string, address: string, secretKey: Uint8Array, origin: string | null = WALLET_ORIGIN) {
  const signer = (await (await frameCall('signer_key', token, {})).json()) as { public_key: string; key_id: string; user_id: string }
  const envelope = await sealDelegationEnvelope(secretKey, new Uint8Array(Buffer.from(signer.public_key, 'base64')), { appId: TEST_APP_ID, userId: signer.user_id, address })
  secrets.push(envelope.ct)
  return frameCall('consent', token, { address, chain_type: 'solana', key_id: signer.key_id, envelope }, origin)
}

const rpc = (body: unknown, headers: Record<string, string>) => t.request(DELEGATED_SOLANA_RPC_PATH, { body, headers })
const basic = (secret = APP_SECRET, appId = TEST_APP_ID) => ({ authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}` })
const RPC_URL = `http://localhost${DELEGATED_SOLANA_RPC_PATH}`
/** Every header of a signed request (a new idempotency key, an expiry a minute ahead of the test clock). */
const es256 = (body: unknown, key = authKey.privateKey, more: { expiresInMs?: number; idempotencyKey?: string } = {}): Record<string, string> => ({
  ...createAuthorizationHeaders(key, { method: 'POST', url: RPC_URL, body, appId: TEST_APP_ID, now: () => clock, ...more }),
})
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code
const remembered = async (key: string) => count('SELECT count(*)::int AS n FROM delegated_idempotency_keys WHERE idempotency_key = $1', [key])

/** A transfer from `from` (base64), unsigned; `extra` instructions after it. */
function transfer(from: string, extra: TransactionInstruction[] = []) {
  const tx = new Transaction({ feePayer: new PublicKey(from), recentBlockhash: Keypair.generate().publicKey.toBase58() })
  tx.add(SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: Keypair.generate().publicKey, lamports: 1000 }), ...extra)
  return { tx, base64: tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64') }
}

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer(), delegatedActionsServer({ delegationKey: DELEGATION_KEY, env: {} })],
    walletOrigin: WALLET_ORIGIN,
    now: () => clock,
    app: {
      'embedded-wallet': {},
      'delegated-actions': { app_secret: APP_SECRET, authorization_keys: [pem(authKey)], allowed_programs: [SYSTEM_PROGRAM_ID] },
    },
    logger,
  })
})
afterAll(() => t.close())

describe('delegated actions: consent and revoke', () => {
  it('consent is accepted from the wallet frame origin only, with the wallet\'s own key; it stores the sealed key and sets delegated: true', async () => {
    const { token, address, keypair } = await userWithSolanaWallet()
    // The host page's origin, or none: refused before anything is stored.
    for (const origin of [TEST_ORIGIN, null]) {
      const res = await frameCall('consent', token, { address, chain_type: 'solana', key_id: 'x', envelope: { v: 1, epk: 'AA==', iv: 'AA==', ct: 'AA==' } }, origin)
      expect(res.status).toBe(403)
      expect(((await res.json()) as { code: string }).code).toBe('invalid_origin')
      expect((await frameCall('signer_key', token, {}, origin)).status).toBe(403)
    }
    // Another key sealed for this address: the server derives its public key and refuses it.
    const wrong = await consent(token, address, ed25519.utils.randomSecretKey())
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { code: string }).code).toBe('invalid_delegation')
    // An address that isn't a wallet of this user.
    const stranger = await userWithSolanaWallet()
    const notMine = await consent(token, stranger.address, stranger.keypair.secretKey)
    expect(notMine.status).toBe(404)
    expect(((await notMine.json()) as { code: string }).code).toBe('delegation_wallet_not_found')
    expect(await count('SELECT count(*)::int AS n FROM delegated_wallets WHERE address IN ($1, $2)', [address, stranger.address])).toBe(0)

    const res = await consent(token, address, keypair.secretKey)
    expect(res.status).toBe(200)
    const user = (await res.json()) as RawUser
    expect(user.linkedAccounts.find((a) => a.address === address)).toMatchObject({ chainType: 'solana', delegated: true })
    const [row] = await t.server.db.query<{ envelope: string; user_id: string }>('SELECT envelope, user_id FROM delegated_wallets WHERE address = $1', [address])
    expect(row!.user_id).toBe(user.id)
    // Stored sealed: neither the key's bytes nor their base64/hex appear.
    for (const form of [Buffer.from(keypair.secretKey).toString('base64'), Buffer.from(keypair.secretKey).toString('hex')]) expect(row!.envelope).not.toContain(form)
    // Once delegated, a second consent is refused.
    const again = await consent(token, address, keypair.secretKey)
    expect(((await again.json()) as { code: string }).code).toBe('wallet_already_delegated')
  })

  it('revoke deletes every delegation of the user at once and answers delegated: false; a second revoke has none to revoke', async () => {
    const { token, address, keypair } = await userWithSolanaWallet()
    expect((await consent(token, address, keypair.secretKey)).status).toBe(200)
    const res = await t.request('/api/v1/wallets/revoke', { body: {}, token, headers: { origin: TEST_ORIGIN } })
    expect(res.status).toBe(200)
    const user = (await res.json()) as RawUser
    expect(user.linkedAccounts.find((a) => a.address === address)).toMatchObject({ delegated: false })
    expect(await count('SELECT count(*)::int AS n FROM delegated_wallets WHERE user_id = $1', [user.id])).toBe(0)
    const again = await t.request('/api/v1/wallets/revoke', { body: {}, token })
    expect(again.status).toBe(400)
    expect(((await again.json()) as { code: string }).code).toBe('no_delegated_wallets')
    expect((await t.request('/api/v1/wallets/revoke', { body: {} })).status).toBe(401)
  })
})

describe('delegated actions: the back-end API (POST /api/v1/delegated_actions/solana/rpc)', () => {
  it('signs for a delegated wallet with the app secret or an ES256 signature, within the program policy; refuses everything else', async () => {
    const { token, address, keypair } = await userWithSolanaWallet()
    const { base64 } = transfer(address)
    const body = { address, method: 'signTransaction', params: { transaction: base64 } }

    // Not delegated yet.
    let res = await rpc(body, basic())
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe('wallet_not_delegated')
    expect((await consent(token, address, keypair.secretKey)).status).toBe(200)

    // Basic auth: the transfer comes back signed by the wallet's key.
    res = await rpc(body, basic())
    expect(res.status).toBe(200)
    const signed = Transaction.from(Buffer.from(((await res.json()) as { data: { signed_transaction: string } }).data.signed_transaction, 'base64'))
    expect(signed.verifySignatures()).toBe(true)
    expect(signed.signatures[0]!.publicKey.toBase58()).toBe(address)

    // A wrong secret, another app id in the credentials, no credentials: 401.
    for (const headers of [basic('not-the-secret-0123456789'), basic(APP_SECRET, 'foyer_other_app_000000001'), {}]) {
      res = await rpc(body, headers)
      expect(res.status).toBe(401)
      expect(((await res.json()) as { code: string }).code).toBe('unauthorized')
    }

    // One of the app's secrets in the database (foyer app-secret create) works as well; revoked, it is refused at once.
    const stored = await t.server.ctx.appSecrets.create(TEST_APP_ID)
    secrets.push(stored.secret)
    expect((await rpc(body, basic(stored.secret))).status).toBe(200)
    expect((await rpc(body, basic(stored.secret, 'foyer_other_app_000000001'))).status).toBe(401)
    expect(await t.server.ctx.appSecrets.revoke(TEST_APP_ID, stored.id)).toBe(true)
    res = await rpc(body, basic(stored.secret))
    expect(res.status).toBe(401)
    expect(((await res.json()) as { code: string }).code).toBe('unauthorized')

    // ES256: the app's key signs; another key, or the signature of another body, doesn't.
    res = await rpc(body, es256(body))
    expect(res.status).toBe(200)
    expect((await rpc(body, es256(body, otherKey.privateKey))).status).toBe(401)
    expect((await rpc(body, es256({ ...body, address: Keypair.generate().publicKey.toBase58() }))).status).toBe(401)

    // signMessage signs text; a transaction-shaped message is refused (it would sign around the policy).
    const message = Buffer.from('hello from the back end')
    res = await rpc({ address, method: 'signMessage', params: { message: message.toString('base64') } }, basic())
    const signature = Buffer.from(((await res.json()) as { data: { signature: string } }).data.signature, 'base64')
    expect(ed25519.verify(signature, message, keypair.publicKey)).toBe(true)
    const txMessage = transfer(address).tx.serializeMessage().toString('base64')
    expect((await rpc({ address, method: 'signMessage', params: { message: txMessage } }, basic())).status).toBe(400)

    // A program outside allowed_programs: 403 program_not_allowed.
    const memo = new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM), keys: [], data: Buffer.from('hi') })
    res = await rpc({ address, method: 'signTransaction', params: { transaction: transfer(address, [memo]).base64 } }, basic())
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe('program_not_allowed')

    // Another user's wallet that is not delegated: refused.
    const other = await userWithSolanaWallet()
    res = await rpc({ address: other.address, method: 'signTransaction', params: { transaction: transfer(other.address).base64 } }, basic())
    expect(((await res.json()) as { code: string }).code).toBe('wallet_not_delegated')

    // A browser (any Origin) may not call it, even with the secret.
    expect((await rpc(body, { ...basic(), origin: TEST_ORIGIN })).status).toBe(403)

    // Revoked: the same call is refused.
    expect((await t.request('/api/v1/wallets/revoke', { body: {}, token })).status).toBe(200)
    res = await rpc(body, basic())
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe('wallet_not_delegated')
  })

  it('never logs key material, envelopes or the app secret', () => {
    expect(logs.some((line) => line.includes('[delegated-actions]'))).toBe(true)
    const leaked = secrets.filter((secret) => logs.some((line) => line.includes(secret)))
    expect(leaked).toEqual([])
  })
})

describe('delegated actions: a signed request works once, within its expiry (foyer-request-expiry, foyer-idempotency-key)', () => {
  /** A delegated wallet and a signMessage body for it. */
  async function delegated() {
    const { token, address, keypair } = await userWithSolanaWallet()
    expect((await consent(token, address, keypair.secretKey)).status).toBe(200)
    return { address, body: { address, method: 'signMessage', params: { message: Buffer.from(`hello ${address}`).toString('base64') } } }
  }

  it('a replay of an accepted request is refused (409 idempotency_key_reused); a new key is a new request', async () => {
    const { body } = await delegated()
    const headers = es256(body)
    expect((await rpc(body, headers)).status).toBe(200)
    const replay = await rpc(body, headers)
    expect(replay.status).toBe(409)
    expect(await codeOf(replay)).toBe('idempotency_key_reused')
    expect((await rpc(body, es256(body))).status).toBe(200)
  })

  it('parallel replays of one signed request: exactly one is accepted', async () => {
    const { body } = await delegated()
    const headers = es256(body)
    const answers = await Promise.all(Array.from({ length: 8 }, () => rpc(body, headers)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    expect(await remembered(headers[IDEMPOTENCY_KEY_HEADER]!)).toBe(1)
  })

  it('a request 6 minutes old is refused (401 request_expired), as is an expiry more than 5 minutes ahead', async () => {
    const { body } = await delegated()
    const old = es256(body, authKey.privateKey, { expiresInMs: MAX_REQUEST_EXPIRY_MS })
    clock += 6 * 60_000
    const late = await rpc(body, old)
    expect(late.status).toBe(401)
    expect(await late.json()).toEqual({ code: 'request_expired', error: `The request expired (its ${REQUEST_EXPIRY_HEADER} has passed): sign a new request` })
    expect(await remembered(old[IDEMPOTENCY_KEY_HEADER]!)).toBe(0)
    const far = await rpc(body, es256(body, authKey.privateKey, { expiresInMs: MAX_REQUEST_EXPIRY_MS + 1000 }))
    expect(far.status).toBe(400)
    expect(((await far.json()) as { error: string }).error).toBe(`${REQUEST_EXPIRY_HEADER}: must be at most 5 minutes after the server's clock`)
    expect((await rpc(body, es256(body, authKey.privateKey, { expiresInMs: MAX_REQUEST_EXPIRY_MS }))).status).toBe(200)
  })

  it('a signature needs both headers, and covers them: left out or changed, the request is refused and nothing is stored', async () => {
    const { body } = await delegated()
    const signed = es256(body)
    const without = (name: string) => Object.fromEntries(Object.entries(signed).filter(([k]) => k !== name))
    // Signed without them (an old back end): the signature holds, the request doesn't.
    const bare = { 'foyer-authorization-signature': createAuthorizationSignature(authKey.privateKey, { method: 'POST', url: RPC_URL, body, appId: TEST_APP_ID }) }
    let res = await rpc(body, bare)
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, expect.stringMatching(/^foyer-request-expiry: required/)])
    res = await rpc(body, without(REQUEST_EXPIRY_HEADER))
    expect(await codeOf(res)).toBe('unauthorized')
    // Another key or another expiry than the signed ones: 401, and the new key is not remembered.
    res = await rpc(body, { ...signed, [IDEMPOTENCY_KEY_HEADER]: 'another-key' })
    expect(await codeOf(res)).toBe('unauthorized')
    expect(await remembered('another-key')).toBe(0)
    res = await rpc(body, { ...signed, [REQUEST_EXPIRY_HEADER]: String(clock + 120_000) })
    expect(await codeOf(res)).toBe('unauthorized')
    // A body the schema refuses, signed with its key: 400, and the key stays unused.
    const bad = { ...body, method: 'signEverything' }
    const badHeaders = es256(bad)
    expect((await rpc(bad, badHeaders)).status).toBe(400)
    expect(await remembered(badHeaders[IDEMPOTENCY_KEY_HEADER]!)).toBe(0)
    expect((await rpc(body, signed)).status).toBe(200)
  })

  it('app-secret callers may send a key (then it works once) and an expiry (then it is checked); without them calls repeat', async () => {
    const { body } = await delegated()
    expect((await rpc(body, basic())).status).toBe(200)
    expect((await rpc(body, basic())).status).toBe(200)
    const once = { ...basic(), [IDEMPOTENCY_KEY_HEADER]: 'order-42' }
    expect((await rpc(body, once)).status).toBe(200)
    expect(await codeOf(await rpc(body, once))).toBe('idempotency_key_reused')
    expect(await codeOf(await rpc(body, { ...basic(), [REQUEST_EXPIRY_HEADER]: String(clock - 1) }))).toBe('request_expired')
    const malformed: Record<string, string>[] = [{ [REQUEST_EXPIRY_HEADER]: '1.5e12' }, { [IDEMPOTENCY_KEY_HEADER]: 'x'.repeat(257) }, { [IDEMPOTENCY_KEY_HEADER]: 'two words' }]
    for (const bad of malformed) {
      expect(await codeOf(await rpc(body, { ...basic(), ...bad }))).toBe('invalid_data')
    }
  })

  it("remembers a key until its request expires; core's sweep deletes it a day after", async () => {
    const { body } = await delegated()
    const headers = es256(body)
    expect((await rpc(body, headers)).status).toBe(200)
    const [row] = await t.server.db.query<{ expires_at: Date }>('SELECT expires_at FROM delegated_idempotency_keys WHERE idempotency_key = $1', [headers[IDEMPOTENCY_KEY_HEADER]])
    expect(new Date(row!.expires_at).getTime()).toBe(Number(headers[REQUEST_EXPIRY_HEADER]))
    clock += 25 * 3600_000
    await t.server.runJob('core.sweep')
    expect(await remembered(headers[IDEMPOTENCY_KEY_HEADER]!)).toBe(0)
  })
})
