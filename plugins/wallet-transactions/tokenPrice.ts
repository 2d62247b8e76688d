import type { Foyer } from '../../core/client/types.js'
import { headers } from '../../core/protocol/paths.js'

/** The price route of the embedded wallet's server half (GET ?chainId=&tokenSymbol=; SOL is chain id 0). */
export const TOKEN_PRICE_PATH = '/api/v1/token_price'

const cache = new Map<string, Promise<number | null>>()

/**
 * The USD price of `tokenSymbol` on `chainId` from the server's token_price route (cached for the page's life of the
 * screen); null when the server has none (the screens then show native amounts).
 */
export function fetchTokenPrice(foyer: Foyer, chainId: number, tokenSymbol: string, fetchFn: typeof globalThis.fetch = globalThis.fetch): Promise<number | null> {
  const key = `${chainId}:${tokenSymbol}`
  let price = cache.get(key)
  if (!price) {
    const url = `${foyer.apiUrl.replace(/\/+$/, '')}${TOKEN_PRICE_PATH}?chainId=${chainId}&tokenSymbol=${encodeURIComponent(tokenSymbol)}`
    price = fetchFn(url, { headers: { [headers.appId]: foyer.appId } })
      .then(async (res) => {
        if (!res.ok) return null
        const body = (await res.json()) as { usd?: unknown }
        return typeof body.usd === 'number' && Number.isFinite(body.usd) ? body.usd : null
      })
      .catch(() => null)
    cache.set(key, price)
    // A miss is asked again next time; a price is kept for a minute (the server caches the feed as long).
    void price.then((p) => setTimeout(() => cache.delete(key), p === null ? 0 : 60_000))
  }
  return price
}
