import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../test/kit/createTestServer.js'
import { startCoinbaseOnrampStandin, type CoinbaseOnrampStandin } from '../../test/standins/coinbaseOnrampStandin.js'
import { fundingCoinbaseServer, onrampStatusOf } from './server.js'

const INIT = '/api/v1/funding/coinbase_on_ramp/init'
const STATUS = '/api/v1/funding/coinbase_on_ramp/status'
const fundingApp = { funding_config: { methods: ['coinbase-onramp'], default_recommended_amount: '0.01', default_recommended_currency: { chain: 'eip155:1' }, prompt_funding_on_wallet_creation: false, cross_chain_bridging_enabled: false } }
const walletOf = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

let standin: CoinbaseOnrampStandin
let t: TestServer
const logs: string[] = []
const logger = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(String(m)) }
beforeAll(async () => {
  // Buy is never clicked here: the chain is not needed.
  standin = await startCoinbaseOnrampStandin({ rpcUrl: 'http://127.0.0.1:9' })
  t = await createTestServer({
    plugins: [emailServer(), fundingCoinbaseServer({ env: standin.env() })],
    app: fundingApp,
    logger,
    rateLimits: { 'funding-coinbase.init.user': { limit: 8 } },
  })
})
afterAll(async () => {
  await t?.close()
  await standin?.close()
})

/** Logs `email` in with an Ethereum wallet linked as `address`; answers the token and the user id. */
async function userWithWallet(email: string, address: string) {
  const login = await t.login(email)
  const userId = login.user.id
  const at = new Date()
  await t.server.db.query(
    `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at) VALUES ($1, $2, 'wallet', $3, $4, $5, $5, $5)`,
    [userId, TEST_APP_ID, address.toLowerCase(), JSON.stringify({ address, chainType: 'ethereum', walletClientType: 'privy', connectorType: 'embedded' }), at],
  )
  return { token: login.token!, userId }
}
const init = (token: string, body: unknown) => t.request(INIT, { token, body })
const status = (token: string, partnerUserId: string) => t.request(`${STATUS}?partnerUserId=${encodeURIComponent(partnerUserId)}`, { token })

describe('POST /api/v1/funding/coinbase_on_ramp/init', () => {
  it("asks Coinbase for a session token with a CDP JWT and answers app_id, session_token and a stable opaque partner_user_id", async () => {
    const { token, userId } = await userWithWallet('init@example.com', walletOf(1))
    const before = standin.calls.length
    const res = await init(token, { addresses: [{ address: walletOf(1), blockchains: ['base'] }], assets: ['ETH'] })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { app_id: string; session_token: string; partner_user_id: string }
    expect(body.app_id).toBe(standin.projectId)
    expect(standin.sessions.has(body.session_token)).toBe(true)
    expect(body.partner_user_id.length).toBeLessThanOrEqual(49)
    expect(body.partner_user_id).not.toContain(userId)
    // The stand-in verified the JWT (ES256 with the key's public half, claims, uri, lifetime).
    expect(standin.refusals).toEqual([])
    const call = standin.calls[before]!
    expect(call.header).toMatchObject({ alg: 'ES256', kid: standin.keyName, typ: 'JWT' })
    expect(call.claims).toMatchObject({ iss: 'cdp', sub: standin.keyName, uri: `POST ${new URL(standin.url).host}/onramp/v1/token` })
    expect((call.claims.exp as number) - (call.claims.nbf as number)).toBe(120)
    expect(call.body).toMatchObject({ addresses: [{ address: walletOf(1), blockchains: ['base'] }], assets: ['ETH'] })
    // Stable per user.
    const again = (await (await init(token, { addresses: [{ address: walletOf(1), blockchains: ['base'] }] })).json()) as { partner_user_id: string }
    expect(again.partner_user_id).toBe(body.partner_user_id)
  })

  it("refuses an address that isn't one of the user's wallets (400), before calling Coinbase", async () => {
    const { token } = await userWithWallet('foreign@example.com', walletOf(2))
    const before = standin.calls.length
    const res = await init(token, { addresses: [{ address: walletOf(2), blockchains: ['base'] }, { address: walletOf(999), blockchains: ['base'] }] })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('invalid_data')
    expect(standin.calls.length).toBe(before)
  })

  it('refuses malformed bodies with 400 and an unauthenticated caller with 401', async () => {
    const { token } = await userWithWallet('malformed@example.com', walletOf(3))
    const bad = [
      {},
      { addresses: [] },
      { addresses: [{ address: 'nope', blockchains: ['base'] }] },
      { addresses: [{ address: walletOf(3), blockchains: [] }] },
      { addresses: [{ address: walletOf(3), blockchains: ['Base Mainnet!'] }] },
      { addresses: [{ address: walletOf(3), blockchains: ['base'] }], assets: ['E T H'] },
      { addresses: [{ address: walletOf(3), blockchains: ['base'] }], extra: 1 },
      'not json',
      [],
    ]
    for (const body of bad) expect([JSON.stringify(body), (await init(token, body)).status]).toEqual([JSON.stringify(body), 400])
    expect((await t.request(INIT, { body: { addresses: [{ address: walletOf(3), blockchains: ['base'] }] } })).status).toBe(401)
  })

  it('limits inits per user (429)', async () => {
    const { token } = await userWithWallet('limit@example.com', walletOf(4))
    const statuses: number[] = []
    for (let i = 0; i < 9; i++) statuses.push((await init(token, { addresses: [{ address: walletOf(4), blockchains: ['base'] }] })).status)
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true)
    expect(statuses[8]).toBe(429)
  })
})

describe('GET /api/v1/funding/coinbase_on_ramp/status', () => {
  it("maps the newest purchase since the flow's init: pending, success, failure", async () => {
    const { token } = await userWithWallet('status@example.com', walletOf(5))
    const { partner_user_id: id } = (await (await init(token, { addresses: [{ address: walletOf(5), blockchains: ['base'] }] })).json()) as { partner_user_id: string }
    const read = async () => ((await (await status(token, id)).json()) as { status: string }).status
    expect(await read()).toBe('pending')
    // A purchase from long before this flow doesn't count.
    standin.transactions.set(id, [{ status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', partner_user_ref: id, created_at: '2020-01-01T00:00:00Z' }])
    expect(await read()).toBe('pending')
    const now = new Date().toISOString()
    standin.transactions.set(id, [{ status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', partner_user_ref: id, created_at: now }])
    expect(await read()).toBe('pending')
    standin.transactions.set(id, [{ status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', partner_user_ref: id, created_at: now }])
    expect(await read()).toBe('success')
    standin.transactions.set(id, [{ status: 'ONRAMP_TRANSACTION_STATUS_FAILED', partner_user_ref: id, created_at: now }])
    expect(await read()).toBe('failure')
    const call = standin.calls.at(-1)!
    expect(call.claims.uri).toBe(`GET ${new URL(standin.url).host}/onramp/v1/buy/user/${id}/transactions`)
  })

  it("refuses another user's partnerUserId (403) and a malformed one (400)", async () => {
    const a = await userWithWallet('a@example.com', walletOf(6))
    const b = await userWithWallet('b@example.com', walletOf(7))
    const { partner_user_id: idA } = (await (await init(a.token, { addresses: [{ address: walletOf(6), blockchains: ['base'] }] })).json()) as { partner_user_id: string }
    const res = await status(b.token, idA)
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe('not_allowed')
    expect((await status(b.token, 'x'.repeat(60))).status).toBe(400)
    expect((await t.request(STATUS, { token: b.token })).status).toBe(400)
  })
})

describe('configuration', () => {
  it("answers 403 when the app doesn't offer coinbase-onramp, or the server has no CDP key", async () => {
    const off = await createTestServer({ plugins: [emailServer(), fundingCoinbaseServer({ env: standin.env() })], app: { funding_config: { ...fundingApp.funding_config, methods: ['moonpay'] } } })
    const noKeys = await createTestServer({ plugins: [emailServer(), fundingCoinbaseServer({ env: {} })], app: fundingApp })
    try {
      for (const server of [off, noKeys]) {
        const { token } = await server.login('config@example.com')
        const res = await server.request(INIT, { token: token!, body: { addresses: [{ address: walletOf(8), blockchains: ['base'] }] } })
        expect(res.status).toBe(403)
        expect(((await res.json()) as { code: string }).code).toBe('not_allowed')
      }
    } finally {
      await off.close()
      await noKeys.close()
    }
  })

  it('stops at start on a malformed key, without the key in the message', () => {
    const secret = '-----BEGIN EC PRIVATE KEY-----\nc2VjcmV0LXNlY3JldC1zZWNyZXQ=\n-----END EC PRIVATE KEY-----'
    let message = ''
    try {
      fundingCoinbaseServer({ env: { FOYER_COINBASE_CDP_KEY_NAME: 'k', FOYER_COINBASE_CDP_PRIVATE_KEY: secret } })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/not a usable CDP key/)
    expect(message).not.toContain('c2VjcmV0')
  })

  it('never sends or logs the private key, also when Coinbase is down (502)', async () => {
    const down = await createTestServer({
      plugins: [emailServer(), fundingCoinbaseServer({ env: { ...standin.env(), FOYER_COINBASE_API_URL: 'http://127.0.0.1:9' } })],
      app: fundingApp,
      logger,
    })
    try {
      const login = await down.login('down@example.com')
      const at = new Date()
      await down.server.db.query(
        `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at) VALUES ($1, $2, 'wallet', $3, $4, $5, $5, $5)`,
        [login.user.id, TEST_APP_ID, walletOf(9), JSON.stringify({ address: walletOf(9), chainType: 'ethereum' }), at],
      )
      const res = await down.request(INIT, { token: login.token!, body: { addresses: [{ address: walletOf(9), blockchains: ['base'] }] } })
      expect(res.status).toBe(502)
      const text = await res.text()
      expect(JSON.parse(text).code).toBe('coinbase_onramp_unavailable')
      const keyBody = standin.privateKey.split('\n').filter((l) => l && !l.startsWith('-----')).join('')
      const everything = [text, ...logs].join('\n').replace(/\n/g, '')
      expect(logs.some((l) => l.includes('funding-coinbase'))).toBe(true)
      for (let i = 0; i + 24 <= keyBody.length; i += 24) expect(everything).not.toContain(keyBody.slice(i, i + 24))
      // Nor the public config: it only says where the pay page is.
      const config = await (await down.request(`/api/v1/apps/${TEST_APP_ID}`)).text()
      expect(config).not.toContain(keyBody.slice(0, 24))
    } finally {
      await down.close()
    }
  })
})

describe('status mapping', () => {
  it("maps Coinbase's transaction statuses to success, failure or pending", () => {
    expect(onrampStatusOf('ONRAMP_TRANSACTION_STATUS_SUCCESS')).toBe('success')
    expect(onrampStatusOf('ONRAMP_TRANSACTION_STATUS_FAILED')).toBe('failure')
    for (const s of ['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', 'ONRAMP_TRANSACTION_STATUS_CREATED', undefined, null, 42]) expect(onrampStatusOf(s)).toBe('pending')
  })
})
