import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, isErc6492Signature, parseEther, type Chain } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { createSiweMessage } from 'viem/siwe'
import { emailServer } from '../email/server.js'
import { siweServer } from '../siwe/server.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { startAnvil, type Anvil } from '../../test/standins/anvil.js'
import {
  deployAccountAbstraction,
  deploySafe4337,
  startAlto,
  startPaymasterStandin,
  type AccountAbstractionContracts,
  type Alto,
  type PaymasterStandin,
} from '../../test/standins/accountAbstraction.js'
import { smartWalletsServer } from './server.js'
import { smartAccountOf, sponsoredPaymasterContext } from './smartWalletRuntime.js'

// 'safe' smart wallets end to end without a browser: the canonical Safe 4337 contracts on anvil (npm artifacts), the
// product's smartAccountOf('safe') (permissionless), the server's link check (ERC-6492 → ERC-1271 on chain), and a
// sponsored user operation through alto with the spec's paymaster context.

const CHAIN_ID = 31337
const POLICY = 'sp_safe_policy'
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
let anvil: Anvil
let aa: AccountAbstractionContracts
let alto: Alto
let paymaster: PaymasterStandin
let t: TestServer

/** What a host with Safe wallets passes: smartWallets({ permissionless: () => import('permissionless/accounts') }). */
const permissionless = () => import('permissionless/accounts')
const chain = (): Chain => ({ id: CHAIN_ID, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } })
const network = () => ({ chain_id: CHAIN_ID, bundler_url: alto.url, paymaster_url: paymaster.url, paymaster_context: { policy_id: POLICY }, rpc_url: anvil.rpcUrl })

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  aa = await deployAccountAbstraction(anvil.rpcUrl)
  await deploySafe4337(anvil.rpcUrl)
  alto = await startAlto(anvil.rpcUrl)
  paymaster = await startPaymasterStandin(anvil.rpcUrl, { paymaster: aa.verifyingPaymaster, policies: [POLICY] })
  t = await createTestServer({
    plugins: [emailServer(), siweServer(), smartWalletsServer()],
    app: { wallet_auth: true, 'smart-wallets': { enabled: true, smart_wallet_type: 'safe', configured_networks: [network()] } },
  })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await paymaster?.close()
  await alto?.stop()
  await anvil?.stop()
})

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any })

/** A new owner's (undeployed) Safe and a SIWE message for it with a fresh nonce. */
async function safeAndMessage() {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await smartAccountOf('safe', network(), chain(), owner, permissionless)
  const { body } = await json(await t.request('/api/v1/siwe/init', { body: { address: account.address } }))
  const message = createSiweMessage({ address: account.address, chainId: CHAIN_ID, domain: new URL(TEST_ORIGIN).host, nonce: body.nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date() })
  return { owner, account, message }
}

describe("'safe' smart wallets (Safe 1.4.1 + Safe4337Module, permissionless)", () => {
  it('the app config offers the type; the server links an undeployed Safe by its ERC-6492-wrapped Safe signature', async () => {
    expect((await json(await t.request('/api/v1/apps/' + t.appId + '/smart_wallets', { method: 'GET' }))).body).toMatchObject({ enabled: true, smart_wallet_type: 'safe' })
    const token = (await t.login('safe-owner@example.com')).token!
    const { account, message } = await safeAndMessage()
    const signature = await account.signMessage({ message })
    expect(isErc6492Signature(signature)).toBe(true)
    expect(await createPublicClient({ transport: http(anvil.rpcUrl) }).getCode({ address: account.address })).toBeUndefined()
    const { status, body } = await json(await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { message, signature, smart_wallet_type: 'safe' } }))
    expect(status).toBe(200)
    expect(body.linkedAccounts.find((x: any) => x.type === 'smart_wallet')).toMatchObject({ address: account.address, smartWalletType: 'safe' })
  })

  it("refuses another owner's Safe signature presented for this Safe (401 invalid_credentials)", async () => {
    const token = (await t.login('safe-thief@example.com')).token!
    const { message } = await safeAndMessage()
    const thief = await smartAccountOf('safe', network(), chain(), privateKeyToAccount(generatePrivateKey()), permissionless)
    const refused = await json(await t.request('/api/v1/siwe/link_smart_wallet', { token, body: { message, signature: await thief.signMessage({ message }), smart_wallet_type: 'safe' } }))
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('invalid_credentials')
  })

  it('deploys and sends from the Safe in a sponsored user operation through alto (the spec context reaches the paymaster)', async () => {
    const account = await smartAccountOf('safe', network(), chain(), privateKeyToAccount(generatePrivateKey()), permissionless)
    const reader = createPublicClient({ chain: chain(), transport: http(anvil.rpcUrl) })
    const value = parseEther('0.0001')
    await anvil.setBalance(account.address, value)
    const before = await reader.getBalance({ address: RECIPIENT })
    const seen = paymaster.contexts.length
    const bundler = createBundlerClient({
      account,
      client: reader,
      chain: chain(),
      transport: http(alto.url),
      paymaster: createPaymasterClient({ transport: http(paymaster.url) }),
      paymasterContext: sponsoredPaymasterContext(network()),
    })
    try {
      const hash = await bundler.sendUserOperation({ calls: [{ to: RECIPIENT, value }] })
      const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 })
      expect(receipt.success).toBe(true)
    } catch (error) {
      throw Object.assign(error as Error, { message: `${(error as Error).message}\nalto:\n${alto.output().slice(-3000)}` })
    }
    expect(await reader.getBalance({ address: RECIPIENT })).toBe(before + value)
    expect(await reader.getCode({ address: account.address })).toBeTruthy()
    // The Safe paid no gas: the paymaster did, asked with the sponsored defaults under the app's policy.
    expect(await reader.getBalance({ address: account.address })).toBe(0n)
    const contexts = paymaster.contexts.slice(seen)
    expect(contexts.length).toBeGreaterThan(0)
    for (const context of contexts) expect(context).toEqual({ mode: 'SPONSORED', calculateGasLimits: true, expiryDuration: 300, policy_id: POLICY })
  })
})
