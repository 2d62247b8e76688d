import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, isErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { emailServer } from '../email/server.js'
import { siweServer } from '../siwe/server.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { startAnvil, type Anvil } from '../../test/standins/anvil.js'
import { deployAccountAbstraction, type AccountAbstractionContracts } from '../../test/standins/accountAbstraction.js'
import { smartWalletsServer } from './server.js'
import { toSimpleAccount } from './simpleAccount.js'

const CHAIN_ID = 31337
let anvil: Anvil
let aa: AccountAbstractionContracts
let t: TestServer

const section = () => ({
  enabled: true,
  smart_wallet_type: 'simple',
  configured_networks: [
    {
      chain_id: CHAIN_ID,
      bundler_url: 'http://127.0.0.1:9/bundler',
      paymaster_url: 'http://127.0.0.1:9/paymaster',
      paymaster_context: { policy_id: 'sp_test' },
      account_factory: aa.simpleAccountFactory,
      rpc_url: anvil.rpcUrl,
    },
  ],
})

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  aa = await deployAccountAbstraction(anvil.rpcUrl)
  t = await createTestServer({
    plugins: [emailServer(), siweServer(), smartWalletsServer()],
    app: { wallet_auth: true, 'smart-wallets': section() },
  })
}, 90_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any })
const chain = () => ({ id: CHAIN_ID, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } })

/** A new owner's (undeployed) SimpleAccount and a SIWE message for it with a fresh nonce. */
async function accountAndMessage() {
  const owner = privateKeyToAccount(generatePrivateKey())
  const client = createPublicClient({ chain: chain(), transport: http(anvil.rpcUrl) })
  const account = await toSimpleAccount({ client, owner, factoryAddress: aa.simpleAccountFactory })
  const { body } = await json(await t.request('/api/v1/siwe/init', { body: { address: account.address } }))
  const message = createSiweMessage({ address: account.address, chainId: CHAIN_ID, domain: new URL(TEST_ORIGIN).host, nonce: body.nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date() })
  return { owner, account, message }
}

describe('GET /api/v1/apps/{appId}/smart_wallets', () => {
  it("answers the app's section; an app without one is disabled", async () => {
    const { status, body } = await json(await t.request(`/api/v1/apps/${TEST_APP_ID}/smart_wallets`, { method: 'GET' }))
    expect(status).toBe(200)
    expect(body).toEqual({
      enabled: true,
      smart_wallet_type: 'simple',
      configured_networks: [expect.objectContaining({ chain_id: CHAIN_ID, bundler_url: 'http://127.0.0.1:9/bundler', paymaster_url: 'http://127.0.0.1:9/paymaster', paymaster_context: { policy_id: 'sp_test' }, account_factory: aa.simpleAccountFactory })],
    })
    const plain = await createTestServer({ plugins: [emailServer(), smartWalletsServer()] })
    try {
      expect((await json(await plain.request(`/api/v1/apps/${TEST_APP_ID}/smart_wallets`, { method: 'GET' }))).body).toEqual({ enabled: false, smart_wallet_type: null, configured_networks: [] })
    } finally {
      await plain.close()
    }
  })

  it('refuses a section that cannot work: a Coinbase smart wallet off its chains, a simple one without factory', async () => {
    const coinbase = { enabled: true, smart_wallet_type: 'coinbase_smart_wallet', configured_networks: [{ chain_id: CHAIN_ID, bundler_url: 'http://127.0.0.1:9/' }] }
    await expect(createTestServer({ plugins: [emailServer(), smartWalletsServer()], app: { 'smart-wallets': coinbase } })).rejects.toThrow(/Coinbase Smart Wallet runs only on chains 1, 11155111/)
    const simple = { enabled: true, smart_wallet_type: 'simple', configured_networks: [{ chain_id: CHAIN_ID, bundler_url: 'http://127.0.0.1:9/' }] }
    await expect(createTestServer({ plugins: [emailServer(), smartWalletsServer()], app: { 'smart-wallets': simple } })).rejects.toThrow(/account_factory/)
  })
})

describe('POST /api/v1/siwe/link_smart_wallet (simple account on anvil)', () => {
  it("links an undeployed account by its owner's ERC-6492-wrapped signature, checked on chain", async () => {
    const token = (await t.login('smart-owner@example.com')).token!
    const { account, message } = await accountAndMessage()
    const signature = await account.signMessage({ message })
    // Not deployed: the signature carries the factory call (ERC-6492).
    expect(isErc6492Signature(signature)).toBe(true)
    expect(await createPublicClient({ transport: http(anvil.rpcUrl) }).getCode({ address: account.address })).toBeUndefined()
    const { status, body } = await json(await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { message, signature, smart_wallet_type: 'simple' } }))
    expect(status).toBe(200)
    expect(body.linkedAccounts.find((x: any) => x.type === 'smart_wallet')).toMatchObject({ type: 'smart_wallet', address: account.address, smartWalletType: 'simple' })
  })

  it("refuses another key's signature and a signature checked as another type (401 invalid_credentials)", async () => {
    const token = (await t.login('smart-thief@example.com')).token!
    const { account, message } = await accountAndMessage()
    const thief = await toSimpleAccount({ client: createPublicClient({ chain: chain(), transport: http(anvil.rpcUrl) }), owner: privateKeyToAccount(generatePrivateKey()), factoryAddress: aa.simpleAccountFactory })
    // The thief's own factory call and signature, presented for the victim's address.
    const forged = await thief.signMessage({ message })
    const refused = await json(await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { message, signature: forged, smart_wallet_type: 'simple' } }))
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ code: 'invalid_credentials', error: 'Invalid signature' })
    // A SimpleAccount has no ERC-1271: as another type (no owner fallback) even the real signature is refused.
    const real = await account.signMessage({ message })
    const asKernel = await json(await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { message, signature: real, smart_wallet_type: 'kernel' } }))
    expect(asKernel.status).toBe(401)
    expect(asKernel.body.code).toBe('invalid_credentials')
    // The nonce was not spent by the refusals: the real signature as `simple` links.
    expect((await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { message, signature: real, smart_wallet_type: 'simple' } })).status).toBe(200)
  })
})
