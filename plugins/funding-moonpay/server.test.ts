import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerContext } from '../../core/server/index.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { emailServer } from '../email/server.js'
import { fundingMoonpayServer } from './server.js'
import { isMoonpaySignatureValid, moonpaySignature, signMoonpayUrl } from './server/signMoonpayUrl.js'

const SECRET = 'sk_test_secret_never_leaves'
const SANDBOX_SECRET = 'sk_test_sandbox_secret_never_leaves'
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** A new EVM address and a new Solana one (base58 of 32 random bytes): addresses are one user's each. */
const evmAddress = () => `0x${randomBytes(20).toString('hex')}`
const solanaAddress = () => {
  let n = BigInt(`0x${randomBytes(32).toString('hex')}`)
  let out = ''
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out
    n /= 58n
  }
  return out.padStart(32, '1')
}

describe('Moonpay URL signing', () => {
  it("matches a known vector (Moonpay's documented example URL)", () => {
    const url = 'https://buy-sandbox.moonpay.com?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'
    // printf '%s' '?apiKey=…' | openssl dgst -sha256 -hmac sk_test_key -binary | base64
    expect(moonpaySignature(url, 'sk_test_key')).toBe('o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA=')
    expect(signMoonpayUrl(url, 'sk_test_key')).toBe(`${url}&signature=o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA%3D`)
  })

  it('verifies as Moonpay does: a changed query or another key fails', () => {
    const signed = signMoonpayUrl('https://buy.moonpay.com/?apiKey=pk&walletAddress=0xabc&currencyCode=ETH_BASE', SECRET)
    expect(isMoonpaySignatureValid(signed, SECRET)).toBe(true)
    expect(isMoonpaySignatureValid(signed, 'sk_other')).toBe(false)
    expect(isMoonpaySignatureValid(signed.replace('0xabc', '0xabd'), SECRET)).toBe(false)
    expect(isMoonpaySignatureValid('https://buy.moonpay.com/?apiKey=pk', SECRET)).toBe(false)
  })
})

describe('POST /api/v1/plugins/moonpay_on_ramp/sign', () => {
  let t: TestServer
  const logged: string[] = []
  const log = (...args: unknown[]) => logged.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '))
  beforeAll(async () => {
    t = await createTestServer({
      plugins: [
        emailServer(),
        fundingMoonpayServer({ env: {}, apiKey: 'pk_live_publishable', secretKey: SECRET, sandboxApiKey: 'pk_test_publishable', sandboxSecretKey: SANDBOX_SECRET, apiUrl: 'http://127.0.0.1:9/moonpay' }),
      ],
      logger: { info: log, warn: log, error: log },
    })
  })
  afterAll(() => t.close())

  let WALLET = ''
  let SOLANA_WALLET = ''
  /** A signed-in user with a new EVM and a new Solana wallet linked (WALLET, SOLANA_WALLET). */
  async function withWallets(email: string) {
    const { token, user } = await t.login(email)
    WALLET = evmAddress().replace('0xa', '0xA')
    SOLANA_WALLET = solanaAddress()
    await t.server.ctx.accounts.link(user.id, { type: 'wallet', identifier: WALLET.toLowerCase(), data: { address: WALLET, chainType: 'ethereum', chainId: 'eip155:1', walletClientType: 'privy', connectorType: 'embedded' } })
    await t.server.ctx.accounts.link(user.id, { type: 'wallet', identifier: SOLANA_WALLET, data: { address: SOLANA_WALLET, chainType: 'solana', walletClientType: 'privy', connectorType: 'embedded' } }, { maxPerType: 5 })
    return token!
  }
  const sign = async (body: unknown, token?: string) => {
    const res = await t.request('/api/v1/plugins/moonpay_on_ramp/sign', { body, ...(token ? { token } : {}) })
    const text = await res.text()
    return { status: res.status, text, body: JSON.parse(text) as Record<string, any> }
  }

  it("signs the widget URL for the user's wallet, with a fresh transaction id, the sandbox pair for sandbox requests", async () => {
    const token = await withWallets('signer@example.com')
    const res = await sign({ address: WALLET.toLowerCase(), useSandbox: false, config: { currencyCode: 'ETH_BASE', quoteCurrencyAmount: 0.05 } }, token)
    expect(res.status).toBe(200)
    const url = new URL(res.body.signedUrl)
    expect(url.origin).toBe('https://buy.moonpay.com')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ apiKey: 'pk_live_publishable', walletAddress: WALLET.toLowerCase(), currencyCode: 'ETH_BASE', quoteCurrencyAmount: '0.05', externalTransactionId: res.body.externalTransactionId })
    expect(res.body.signedUrl).toMatch(/&signature=[^&]+$/)
    expect(isMoonpaySignatureValid(res.body.signedUrl, SECRET)).toBe(true)
    expect(res.body.apiUrl).toBe('http://127.0.0.1:9/moonpay')

    const again = await sign({ address: SOLANA_WALLET, useSandbox: true, config: { currencyCode: 'SOL' } }, token)
    expect(again.status).toBe(200)
    expect(new URL(again.body.signedUrl).origin).toBe('https://buy-sandbox.moonpay.com')
    expect(new URL(again.body.signedUrl).searchParams.get('apiKey')).toBe('pk_test_publishable')
    expect(isMoonpaySignatureValid(again.body.signedUrl, SANDBOX_SECRET)).toBe(true)
    expect(again.body.externalTransactionId).not.toBe(res.body.externalTransactionId)
    // No currency asked: the §9 default.
    const plain = await sign({ address: WALLET }, token)
    expect(new URL(plain.body.signedUrl).searchParams.get('currencyCode')).toBe('ETH_ETHEREUM')
  })

  it("refuses a signed-out caller (401), another user's or an unknown address and malformed bodies (400)", async () => {
    await withWallets('owner@example.com')
    const { token: other } = await t.login('stranger@example.com')
    expect((await sign({ address: WALLET })).status).toBe(401)
    const foreign = await sign({ address: WALLET }, other!)
    expect([foreign.status, foreign.body.code]).toEqual([400, 'invalid_data'])
    for (const body of [
      {},
      { address: 'not-an-address' },
      { address: WALLET, useSandbox: 'yes' },
      { address: WALLET, config: { currencyCode: 'ETH&signature=x' } },
      { address: WALLET, config: { redirectURL: 'javascript:alert(1)' } },
      { address: WALLET, config: { unknown: 1 } },
      { address: WALLET, extra: true },
    ]) {
      expect([JSON.stringify(body), (await sign(body, other!)).status]).toEqual([JSON.stringify(body), 400])
    }
  })

  it('never sends or logs the secret keys', async () => {
    const token = await withWallets('secret@example.com')
    const answers = [await sign({ address: WALLET }, token), await sign({ address: SOLANA_WALLET, useSandbox: true }, token), await sign({ address: 'x' }, token)]
    for (const answer of answers) {
      expect(answer.text).not.toContain(SECRET)
      expect(answer.text).not.toContain(SANDBOX_SECRET)
    }
    expect(logged.join('\n')).not.toContain('sk_test_')
  })

  it('limits signing per user (429 after the rule)', async () => {
    const token = await withWallets('burst@example.com')
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) statuses.push((await sign({ address: WALLET }, token)).status)
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('without keys', () => {
  it('answers 503 moonpay_not_configured in dev (and for sandbox requests without the sandbox pair)', async () => {
    const t = await createTestServer({ plugins: [emailServer(), fundingMoonpayServer({ env: {} })] })
    try {
      const { token, user } = await t.login('nokeys@example.com')
      const WALLET = evmAddress()
      await t.server.ctx.accounts.link(user.id, { type: 'wallet', identifier: WALLET.toLowerCase(), data: { address: WALLET, chainType: 'ethereum' } })
      const res = await t.request('/api/v1/plugins/moonpay_on_ramp/sign', { token: token!, body: { address: WALLET } })
      expect([res.status, (await res.json()).code]).toEqual([503, 'moonpay_not_configured'])
    } finally {
      await t.close()
    }
  })

  it('refuses to start in production (the routes are set up at start)', () => {
    const production = { config: { dev: false } } as unknown as ServerContext
    expect(() => fundingMoonpayServer({ env: {} }).routes(new Hono(), production)).toThrow(/FOYER_MOONPAY_API_KEY and FOYER_MOONPAY_SECRET_KEY/)
    expect(() => fundingMoonpayServer({ env: { FOYER_MOONPAY_API_KEY: 'pk', FOYER_MOONPAY_SECRET_KEY: 'sk' } }).routes(new Hono(), production)).not.toThrow()
  })

  it('an app whose funding_config leaves moonpay out is refused (403)', async () => {
    // The hub's section isn't loaded here: a config that lists methods stands in for it.
    const t = await createTestServer({ plugins: [emailServer(), fundingMoonpayServer({ env: {}, apiKey: 'pk', secretKey: SECRET })], app: { funding_config: { methods: ['manual'], default_recommended_amount: '1', default_recommended_currency: { chain: 'eip155:1' }, prompt_funding_on_wallet_creation: false, cross_chain_bridging_enabled: false } } })
    try {
      const { token, user } = await t.login('off@example.com')
      const WALLET = evmAddress()
      await t.server.ctx.accounts.link(user.id, { type: 'wallet', identifier: WALLET.toLowerCase(), data: { address: WALLET, chainType: 'ethereum' } })
      const res = await t.request('/api/v1/plugins/moonpay_on_ramp/sign', { token: token!, body: { address: WALLET } })
      expect(res.status).toBe(403)
    } finally {
      await t.close()
    }
  })
})
