import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'

/** Where the server reads prices: a Coinbase-compatible spot price API (`GET {base}/v2/prices/{SYMBOL}-USD/spot`). */
export const DEFAULT_PRICE_API_URL = 'https://api.coinbase.com'
/** How long one symbol's price is kept (the spec's token_price is asked on every confirmation screen). */
export const TOKEN_PRICE_CACHE_MS = 60_000
/** The route (GET ?chainId=&tokenSymbol=; Solana is chain id 0). */
export const TOKEN_PRICE_ROUTE = '/api/v1/token_price'

/** Options of the price feed. */
export interface TokenPriceOptions {
  /** The price API's base URL; default FOYER_PRICE_API_URL, then Coinbase's public API. */
  priceApiUrl?: string
  fetch?: typeof globalThis.fetch
}

const SYMBOL = /^[A-Za-z0-9.]{1,16}$/

/** The spec's error (§8). */
export const tokenPriceError = (chainId: number | string) => `Unable to fetch token price on chain id ${chainId}`

/**
 * GET /api/v1/token_price?chainId=&tokenSymbol= → `{ chain_id, token_symbol, usd }`: the USD price of a chain's token
 * from the configured price API (the Coinbase spot-price shape `{ data: { amount, currency } }`), each symbol cached
 * for a minute; 'Unable to fetch token price on chain id {id}' (502) when the API doesn't answer a price.
 */
export function tokenPriceRoute(options: TokenPriceOptions = {}) {
  const cache = new Map<string, { at: number; usd: Promise<number> }>()
  return (app: Hono, ctx: ServerContext) => {
    app.get(TOKEN_PRICE_ROUTE, async (c: Context) => {
      const chainRaw = c.req.query('chainId') ?? ''
      const symbol = c.req.query('tokenSymbol') ?? ''
      const chainId = /^\d{1,12}$/.test(chainRaw) ? Number(chainRaw) : null
      if (chainId === null || !SYMBOL.test(symbol)) throw new ctx.HttpError(400, 'invalid_data', tokenPriceError(chainRaw.slice(0, 20)))
      const key = symbol.toUpperCase()
      let hit = cache.get(key)
      if (!hit || ctx.now() - hit.at > TOKEN_PRICE_CACHE_MS) {
        hit = { at: ctx.now(), usd: readSpotPrice(options, key) }
        cache.set(key, hit)
        // A failure isn't kept: the next request asks again.
        hit.usd.catch(() => cache.get(key) === hit && cache.delete(key))
      }
      try {
        return c.json({ chain_id: chainId, token_symbol: key, usd: await hit.usd })
      } catch (error) {
        ctx.logger.warn(`[embedded-wallet] token price of ${key}: ${(error as Error).message}`)
        throw new ctx.HttpError(502, 'internal_error', tokenPriceError(chainId))
      }
    })
  }
}

/** One spot price from the API: `{ data: { amount: "3001.23", currency: "USD" } }`. */
async function readSpotPrice(options: TokenPriceOptions, symbol: string): Promise<number> {
  const base = (options.priceApiUrl ?? process.env.FOYER_PRICE_API_URL ?? DEFAULT_PRICE_API_URL).replace(/\/+$/, '')
  const res = await (options.fetch ?? fetch)(`${base}/v2/prices/${encodeURIComponent(symbol)}-USD/spot`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) })
  if (!res.ok) throw new Error(`price API answered ${res.status}`)
  const body = (await res.json()) as { data?: { amount?: unknown } }
  const usd = Number(body.data?.amount)
  if (!Number.isFinite(usd) || usd < 0) throw new Error('price API answered no amount')
  return usd
}
