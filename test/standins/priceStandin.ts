import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A local server shaped like Coinbase's spot price API (`GET /v2/prices/{BASE}-USD/spot`), for tests. */
export interface PriceStandin {
  /** Base URL to configure as the price API (`priceApiUrl` / FOYER_PRICE_API_URL). */
  url: string
  /** USD prices by symbol; a symbol missing here answers 404 like an unknown currency pair. */
  prices: Map<string, number>
  /** How many price requests it answered (the server's cache keeps this low). */
  requests: number
  close(): Promise<void>
}

/** Starts the stand-in on a free loopback port with `prices` (default ETH $3000, SOL $150). */
export async function startPriceStandin(prices: Record<string, number> = { ETH: 3000, SOL: 150 }): Promise<PriceStandin> {
  const standin: Omit<PriceStandin, 'url' | 'close'> = { prices: new Map(Object.entries(prices)), requests: 0 }
  const server = createServer((req, res) => {
    const match = /^\/v2\/prices\/([A-Za-z0-9.]+)-USD\/spot$/.exec(new URL(req.url ?? '/', 'http://x').pathname)
    standin.requests++
    const price = match ? standin.prices.get(match[1]!.toUpperCase()) : undefined
    res.writeHead(price === undefined ? 404 : 200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify(
        price === undefined
          ? { errors: [{ id: 'not_found', message: 'Invalid currency' }] }
          : { data: { amount: price.toFixed(2), base: match![1]!.toUpperCase(), currency: 'USD' } },
      ),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(standin, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as PriceStandin
}
