import { createHash, randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import pg from 'pg'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { farcasterServer } from '../../plugins/farcaster/server.js'
import { createGuestCredential } from '../../plugins/guest/schema.js'
import { guestServer } from '../../plugins/guest/server.js'
import { oauthServer } from '../../plugins/oauth/server.js'
import { siweServer } from '../../plugins/siwe/server.js'
import { createSiwsMessage } from '../../plugins/siws/siwsMessage.js'
import { SIWS_STATEMENT } from '../../plugins/siws/schema.js'
import { siwsServer } from '../../plugins/siws/server.js'
import { smsServer } from '../../plugins/sms/server.js'
import { telegramServer } from '../../plugins/telegram/server.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { startPostgresServer, type PostgresServer } from '../../test/kit/postgresServer.js'
import { completeChannel, signConnectUri } from '../../test/standins/farcasterApp.js'
import { startOidcStandin, type OidcStandin } from '../../test/standins/oidcProvider.js'
import { widgetResult } from '../../test/standins/telegramStandin.js'

// 50 parallel first sign-ins of one identity on real PostgreSQL (PGlite has one connection and never races): no 5xx,
// one user for the identity, and every success names it. One cluster and one server serve every case.
const RACERS = 50
const BOT_TOKEN = '7000000001:AAFoyerTestTokenForTheStandinOnly_x'
const CALLBACK = 'http://foyer.test/api/v1/oauth/callback'
const REDIRECT_TO = 'http://localhost:5173/'
const FID = 4242
const custody = privateKeyToAccount(generatePrivateKey())

let pgServer: PostgresServer
let google: OidcStandin
let t: TestServer
let probe: pg.Client

const unlimited = Object.fromEntries(
  [
    'email.send.ip', 'email.send.address', 'sms.send.ip', 'sms.send.number', 'siwe.init.ip', 'siwe.init.address', 'siwe.authenticate.ip',
    'siws.init.ip', 'siws.authenticate.ip', 'telegram.authenticate.ip', 'farcaster.init.ip', 'farcaster.status.ip', 'farcaster.relay.ip',
    'farcaster.authenticate.ip', 'guest.authenticate.ip', 'oauth.init.ip', 'oauth.redeem.ip',
  ].map((name) => [name, { limit: 100_000 }]),
)

beforeAll(async () => {
  pgServer = await startPostgresServer()
  google = await startOidcStandin({ redirectUris: [CALLBACK] })
  t = await createTestServer({
    databaseUrl: pgServer.url,
    // 50 racers share 10 connections. On a loaded CI machine a racer can wait past the default 10 s queue and be shed
    // (503 busy, by design); these tests are about races, not overload shedding (databaseFaults.test.ts has that).
    database: { queueTimeoutMs: 60_000 },
    plugins: [
      emailServer(),
      smsServer(),
      siweServer(),
      siwsServer(),
      telegramServer(),
      farcasterServer({ resolveCustody: async (fid) => (fid === BigInt(FID) ? custody.address : null) }),
      guestServer(),
      oauthServer({ callbackUrl: CALLBACK }),
    ],
    rateLimits: unlimited,
    app: {
      sms_auth: true,
      wallet_auth: true,
      siwe: { chains: { '1': {} } },
      solana_wallet_auth: true,
      telegram: { bot_token: BOT_TOKEN, bot_name: 'foyer_test_bot' },
      farcaster: { connect_host: 'https://farcaster.test' },
      guest: true,
      oauth: { google: google.googleConfig(), redirect_urls: [REDIRECT_TO] },
    },
  })
  probe = new pg.Client({ connectionString: pgServer.url })
  await probe.connect()
}, 120_000)

afterAll(async () => {
  await t?.close()
  // pg's pool.end() resolves before its sockets close: wait for them, or stopping the cluster sends them a FATAL.
  for (let i = 0; probe && i < 100; i++) {
    const [row] = (await probe.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows
    if (row!.n === 0) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await probe?.end()
  await google?.close()
  await pgServer?.close()
})

interface Answer {
  status: number
  body: any
}
const answer = async (res: Response): Promise<Answer> => ({ status: res.status, body: await res.json() })
const race = (requests: (() => Promise<Response>)[]) => Promise.all(requests.map(async (send) => answer(await send())))
const countUsers = async () => (await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n
const owners = async (type: string, identifier: string) =>
  (await t.server.db.query<{ user_id: string }>('SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identifier = $3', [TEST_APP_ID, type, identifier])).map(
    (row) => row.user_id,
  )

/** No 5xx; one user for the identity, made once; every 200 names it; the others are `refusal` (or none may fail). */
async function expectOneUser(answers: Answer[], type: string, identifier: string, usersBefore: number, refusal?: { status: number; code: string }) {
  expect(answers.filter((a) => a.status >= 500)).toEqual([])
  const ok = answers.filter((a) => a.status === 200)
  const others = answers.filter((a) => a.status !== 200)
  if (refusal) expect(new Set(others.map((a) => `${a.status} ${a.body.code}`))).toEqual(new Set(others.length ? [`${refusal.status} ${refusal.code}`] : []))
  else expect(others).toEqual([])
  expect(ok.length).toBeGreaterThan(0)
  const [owner, ...more] = await owners(type, identifier)
  expect(more).toEqual([])
  expect(new Set(ok.map((a) => a.body.user.id))).toEqual(new Set([owner]))
  expect(ok.filter((a) => a.body.is_new_user)).toHaveLength(1)
  // The losers' user rows went with their rolled-back transactions.
  expect(await countUsers()).toBe(usersBefore + 1)
  return ok
}

/**
 * Holds a first sign-in of (type, identifier) open in a transaction of its own, as a racer that got there first, until
 * `whileHeld` has a request waiting on it; then commits, so that request's account insert clashes (SQLSTATE 23505).
 */
async function firstSignInHeld(type: string, identifier: string, whileHeld: () => Promise<Response>) {
  const userId = `did:foyer:${randomBytes(15).toString('hex')}`
  const at = new Date()
  await probe.query('BEGIN')
  await probe.query('INSERT INTO users (id, app_id, created_at) VALUES ($1, $2, $3)', [userId, TEST_APP_ID, at])
  await probe.query(
    `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
     VALUES ($1, $2, $3, $4, '{}', $5, $5, $5)`,
    [userId, TEST_APP_ID, type, identifier, at],
  )
  const pending = whileHeld()
  try {
    for (let i = 0; ; i++) {
      const [waiting] = (await probe.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'")).rows
      if (waiting!.n > 0) break
      if (i > 200) throw new Error('the request never waited on the held sign-in')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  } finally {
    await probe.query('COMMIT')
  }
  return { userId, res: await answer(await pending) }
}

describe('parallel first sign-ins of one identity on PostgreSQL', () => {
  it('e-mail, one code: exactly one login, the others the invalid-code 401, one user', async () => {
    const email = `race-${randomBytes(4).toString('hex')}@example.com`
    expect((await t.request('/api/v1/passwordless/init', { body: { email } })).status).toBe(200)
    const code = await t.lastCode(email)
    const before = await countUsers()
    const answers = await race(Array.from({ length: RACERS }, () => () => t.request('/api/v1/passwordless/authenticate', { body: { email, code } })))
    const ok = await expectOneUser(answers, 'email', email, before, { status: 401, code: 'invalid_credentials' })
    expect(ok).toHaveLength(1)
  })

  it('e-mail: a login whose account insert meets a parallel first sign-in reruns, spends its code again and joins that user', async () => {
    const email = `held-${randomBytes(4).toString('hex')}@example.com`
    await t.request('/api/v1/passwordless/init', { body: { email } })
    const code = await t.lastCode(email)
    const { userId, res } = await firstSignInHeld('email', email, () => t.request('/api/v1/passwordless/authenticate', { body: { email, code } }))
    expect(res.status).toBe(200)
    expect(res.body.user.id).toBe(userId)
    expect(res.body.is_new_user).toBe(false)
    // Spent once, by the rerun: the code can't log in again.
    const again = await answer(await t.request('/api/v1/passwordless/authenticate', { body: { email, code } }))
    expect([again.status, again.body.code]).toEqual([401, 'invalid_credentials'])
  })

  it('SMS, one code: exactly one login, the others the invalid-code 401; a held first sign-in is joined', async () => {
    const phoneNumber = `+1202555${String(1000 + Math.floor(Math.random() * 8000))}`
    await t.request('/api/v1/passwordless_sms/init', { body: { phoneNumber, token: null } })
    const code = await t.lastCode(phoneNumber)
    const before = await countUsers()
    const answers = await race(Array.from({ length: RACERS }, () => () => t.request('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber, code } })))
    expect(await expectOneUser(answers, 'phone', phoneNumber, before, { status: 401, code: 'invalid_credentials' })).toHaveLength(1)

    const other = `+1202555${String(1000 + Math.floor(Math.random() * 8000))}`
    await t.request('/api/v1/passwordless_sms/init', { body: { phoneNumber: other, token: null } })
    const otherCode = await t.lastCode(other)
    const held = await firstSignInHeld('phone', other, () => t.request('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber: other, code: otherCode } }))
    expect([held.res.status, held.res.body.user?.id]).toEqual([200, held.userId])
  })

  it('SIWE: 50 signed messages of one wallet, each with its own nonce, all log into one user', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const signed = await Promise.all(Array.from({ length: RACERS }, () => siweSigned(wallet)))
    const before = await countUsers()
    const answers = await race(
      signed.map((s) => () => t.request('/api/v1/siwe/authenticate', { body: { ...s, chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' } })),
    )
    await expectOneUser(answers, 'wallet', wallet.address.toLowerCase(), before)
  })

  it('SIWE link: a link whose insert meets a parallel first sign-in reruns and offers the transfer, not a 500', async () => {
    const { token } = await t.login(`linker-${randomBytes(4).toString('hex')}@example.com`)
    const wallet = privateKeyToAccount(generatePrivateKey())
    const s = await siweSigned(wallet)
    const body = { ...s, chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' }
    const { userId, res } = await firstSignInHeld('wallet', wallet.address.toLowerCase(), () => t.request('/api/v1/siwe/link', { token: token!, body }))
    expect([res.status, res.body.code]).toEqual([400, 'account_transfer_required'])
    expect(await owners('wallet', wallet.address.toLowerCase())).toEqual([userId])
  })

  it('SIWS: 50 signed messages of one Solana key all log into one user', async () => {
    const secret = ed25519.utils.randomPrivateKey()
    const address = bs58.encode(ed25519.getPublicKey(secret))
    const signed = await Promise.all(
      Array.from({ length: RACERS }, async () => {
        const nonce = (await (await t.request('/api/v1/siws/init', { body: { address, token: null } })).json()).nonce as string
        const message = createSiwsMessage({
          domain: new URL(TEST_ORIGIN).host, address, statement: SIWS_STATEMENT, uri: TEST_ORIGIN, version: '1', chainId: 'mainnet', nonce, issuedAt: new Date().toISOString(),
        })
        return { message, signature: bs58.encode(ed25519.sign(new TextEncoder().encode(message), secret)) }
      }),
    )
    const before = await countUsers()
    const answers = await race(signed.map((s) => () => t.request('/api/v1/siws/authenticate', { body: { ...s, walletClientType: 'phantom', connectorType: 'solana_adapter' } })))
    await expectOneUser(answers, 'wallet', address, before)
  })

  it('Telegram: 50 widget results of one Telegram user (each its own hash) all log into one user', async () => {
    const id = 500_000 + Math.floor(Math.random() * 100_000)
    const now = Math.floor(Date.now() / 1000)
    const before = await countUsers()
    const answers = await race(
      Array.from({ length: RACERS }, (_, i) => () =>
        t.request('/api/v1/telegram/authenticate', { body: { telegram_auth_result: widgetResult({ id, first_name: 'Ada' }, BOT_TOKEN, now - i) } }),
      ),
    )
    await expectOneUser(answers, 'telegram', String(id), before)
  })

  it('Farcaster: 50 completed channels of one fid all log into one user', async () => {
    const relay = (path: string, init: RequestInit) => Promise.resolve(t.app.request(path, init))
    const signed = await Promise.all(
      Array.from({ length: RACERS }, async () => {
        const { connect_uri } = (await (await t.request('/api/v1/farcaster/init', { body: { token: null } })).json()) as { connect_uri: string }
        const s = await signConnectUri(connect_uri, custody, FID)
        expect((await completeChannel(relay, s, { username: 'alice' })).status).toBe(201)
        return s
      }),
    )
    const before = await countUsers()
    const answers = await race(
      signed.map((s) => () =>
        t.request('/api/v1/farcaster/authenticate', { body: { channel_token: s.channelToken, message: s.message, signature: s.signature, fid: s.fid } }),
      ),
    )
    await expectOneUser(answers, 'farcaster', String(FID), before)
  })

  it('guest: 50 sign-ins with one new guest credential all log into one guest user', async () => {
    const credential = createGuestCredential()
    const before = await countUsers()
    const answers = await race(Array.from({ length: RACERS }, () => () => t.request('/api/v1/guest/authenticate', { body: { guest_credential: credential } })))
    const ok = await expectOneUser(answers, 'guest', createHash('sha256').update(`guest\n${credential}`).digest('hex'), before)
    expect(ok.every((a) => a.body.user.isGuest)).toBe(true)
  })

  it('OAuth: 50 redeemed flows of one provider subject all log into one user', async () => {
    google.user = { sub: `google-race-${randomBytes(4).toString('hex')}`, email: 'race@example.com', name: 'Racer' }
    const flows = await Promise.all(Array.from({ length: RACERS }, () => authorizeGoogle()))
    const before = await countUsers()
    const answers = await race(flows.map((body) => () => t.request('/api/v1/oauth/authenticate', { body })))
    await expectOneUser(answers, 'google_oauth', google.user.sub, before)
  })
})

/** siwe/init for `wallet`, then an EIP-4361 message for the test origin signed by it. */
async function siweSigned(wallet: ReturnType<typeof privateKeyToAccount>) {
  const nonce = (await (await t.request('/api/v1/siwe/init', { body: { address: wallet.address, token: null } })).json()).nonce as string
  const message = createSiweMessage({ address: wallet.address, chainId: 1, domain: new URL(TEST_ORIGIN).host, nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date() })
  return { message, signature: await wallet.signMessage({ message }) }
}

const b64 = (bytes = 36) => randomBytes(bytes).toString('base64url')

/** init → the provider's redirects (cookies kept) → our callback; answers the body of /oauth/authenticate. */
async function authorizeGoogle() {
  const state = b64()
  const verifier = b64()
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const init = await t.request('/api/v1/oauth/init', {
    body: { provider: 'google', redirect_to: REDIRECT_TO, token: null, code_challenge: challenge, state_code: state },
  })
  expect(init.status).toBe(200)
  const jar = new Map<string, string>()
  let next = ((await init.json()) as { url: string }).url
  for (let hop = 0; !next.startsWith(CALLBACK); hop++) {
    if (hop > 15) throw new Error('too many redirects')
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
    for (const line of res.headers.getSetCookie()) {
      const [k, v] = line.split(';')[0]!.split('=')
      jar.set(k!.trim(), v ?? '')
    }
    const location = res.headers.get('location')
    if (!location) throw new Error(`provider stopped at ${res.status}`)
    next = new URL(location, next).href
  }
  const callback = await t.request(next.slice('http://foyer.test'.length), { noAppId: true })
  const back = new URL(callback.headers.get('location')!)
  return { authorization_code: back.searchParams.get('foyer_oauth_code')!, state_code: back.searchParams.get('foyer_oauth_state')!, code_verifier: verifier }
}
