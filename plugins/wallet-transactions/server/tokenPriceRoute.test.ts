import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { startPriceStandin, type PriceStandin } from '../../../test/standins/priceStandin.js'
import { emailServer } from '../../email/server.js'
import { embeddedWalletServer } from '../../embedded-wallet/server.js'

describe('GET /api/v1/token_price (the transaction screens’ dollar amounts)', () => {
  let prices: PriceStandin
  let server: TestServer
  beforeAll(async () => {
    prices = await startPriceStandin({ ETH: 3012.5, SOL: 151 })
    server = await createTestServer({ plugins: [emailServer(), embeddedWalletServer({ priceApiUrl: prices.url })], app: { 'embedded-wallet': {} } })
  })
  afterAll(async () => {
    await server?.close()
    await prices?.close()
  })

  it('answers the price API’s USD spot price, cached per symbol; SOL is chain id 0', async () => {
    const eth = await server.request('/api/v1/token_price?chainId=1&tokenSymbol=ETH')
    expect(eth.status).toBe(200)
    expect(await eth.json()).toEqual({ chain_id: 1, token_symbol: 'ETH', usd: 3012.5 })
    const asked = prices.requests
    expect(await (await server.request('/api/v1/token_price?chainId=10&tokenSymbol=eth')).json()).toMatchObject({ usd: 3012.5 })
    expect(prices.requests).toBe(asked)
    expect(await (await server.request('/api/v1/token_price?chainId=0&tokenSymbol=SOL')).json()).toEqual({ chain_id: 0, token_symbol: 'SOL', usd: 151 })
  })

  it("says 'Unable to fetch token price on chain id {id}' when the API has no price, and refuses bad queries", async () => {
    const missing = await server.request('/api/v1/token_price?chainId=137&tokenSymbol=NOPE')
    expect(missing.status).toBe(502)
    expect((await missing.json()).error).toBe('Unable to fetch token price on chain id 137')
    expect((await server.request('/api/v1/token_price?chainId=x&tokenSymbol=ETH')).status).toBe(400)
    expect((await server.request('/api/v1/token_price?chainId=1&tokenSymbol=')).status).toBe(400)
  })
})
