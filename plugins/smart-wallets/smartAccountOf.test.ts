import { describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { smartAccountOf, sponsoredPaymasterContext } from './smartWalletRuntime.js'
import { COINBASE_SMART_WALLET_CHAIN_IDS } from './schema.js'

const chain = (id: number) => ({ id, name: `Chain ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } })
const network = (chainId: number, more: object = {}) => ({ chain_id: chainId, bundler_url: 'http://127.0.0.1:9/', ...more })

describe('smartAccountOf', () => {
  it("refuses Coinbase Smart Wallet off its chains with a clear error, before any RPC call", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    expect(COINBASE_SMART_WALLET_CHAIN_IDS).toEqual([1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56])
    for (const id of [31337, 100, 324]) {
      await expect(smartAccountOf('coinbase_smart_wallet', network(id), chain(id), owner)).rejects.toMatchObject({
        code: 'SMART_WALLET_UNSUPPORTED_CHAIN',
        message: expect.stringContaining('Coinbase Smart Wallet is not available on this network'),
      })
    }
  })

  it("builds a Safe only with the host's permissionless loader (an optional peer), with a clear error otherwise", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    await expect(smartAccountOf('safe', network(31337), chain(31337), owner)).rejects.toMatchObject({
      code: 'SMART_WALLET_MISSING_PEER',
      message: expect.stringContaining("smartWallets({ permissionless: () => import('permissionless/accounts') })"),
    })
  })

  it('needs the factory for a simple account', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    await expect(smartAccountOf('simple', network(31337), chain(31337), owner)).rejects.toMatchObject({ code: 'SMART_WALLET_NO_NETWORK' })
  })
})

describe('sponsoredPaymasterContext', () => {
  it("sends the spec's sponsored defaults with the app's policy id (the app's context wins on a clash)", () => {
    expect(sponsoredPaymasterContext({ paymaster_context: { policy_id: 'sp_1' } })).toEqual({ mode: 'SPONSORED', calculateGasLimits: true, expiryDuration: 300, policy_id: 'sp_1' })
    expect(sponsoredPaymasterContext({ paymaster_context: null })).toEqual({ mode: 'SPONSORED', calculateGasLimits: true, expiryDuration: 300 })
    expect(sponsoredPaymasterContext({ paymaster_context: { policy_id: 'sp_2', expiryDuration: 60 } as never })).toMatchObject({ expiryDuration: 60, policy_id: 'sp_2' })
  })
})
