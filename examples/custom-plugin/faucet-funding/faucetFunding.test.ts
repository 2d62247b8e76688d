import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FundingRequest } from 'foyer/core'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { emailServer } from 'foyer/plugins/email/server'
import { faucetFunding, FAUCET_METHOD } from './index.js'
import { faucetFundingServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  // An RPC URL nothing listens on: no call of these tests may reach a chain.
  server = await createTestServer({ plugins: [emailServer(), faucetFundingServer({ rpcUrl: 'http://127.0.0.1:9' })] })
}, 60_000)
afterAll(() => server.close())

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const request = (over: Partial<FundingRequest> = {}): FundingRequest => ({ chainType: 'ethereum', address: ADDRESS, amount: '0.05', chainId: 31337, asset: 'native-currency', ...over })

describe('a third-party funding method (test faucet)', () => {
  it('declares a funding slot the hub lists: method faucet, its screen, native currency on EVM chains only', () => {
    const plugin = faucetFunding()
    expect(plugin.kind).toBe('funding')
    expect(plugin.funding).toMatchObject({ method: FAUCET_METHOD, label: 'faucet.label', screen: 'faucet-funding/send' })
    expect(plugin.screens).toHaveProperty('send')
    expect(plugin.funding!.supports!(request())).toBe(true)
    expect(plugin.funding!.supports!(request({ asset: 'USDC' }))).toBe(false)
    expect(plugin.funding!.supports!(request({ chainType: 'solana', cluster: 'devnet' }))).toBe(false)
  })

  it('its route refuses anonymous calls, bad bodies, and wallets that are not the user\'s, before touching a chain', async () => {
    const body = { address: ADDRESS, chainId: 31337, amount: '0.05' }
    expect((await server.request('/api/v1/faucet/fund', { body })).status).toBe(401)
    const { token } = await server.login('faucet@example.com')
    for (const bad of [{ ...body, amount: '1.2.3' }, { ...body, address: 'nope' }, { ...body, chainId: '31337' }]) {
      const res = await server.request('/api/v1/faucet/fund', { body: bad, token: token! })
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('invalid_data')
    }
    const notMine = await server.request('/api/v1/faucet/fund', { body, token: token! })
    expect(notMine.status).toBe(403)
    expect((await notMine.json()).code).toBe('faucet_not_your_wallet')
  })
})
