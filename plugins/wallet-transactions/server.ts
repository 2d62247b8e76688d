// The transaction plugin's server half: GET /api/v1/token_price, the screens' fees and totals in dollars. The embedded
// wallet's server half mounts it (its app config section turns both on), as its client half brings the client half.
export { DEFAULT_PRICE_API_URL, TOKEN_PRICE_CACHE_MS, TOKEN_PRICE_ROUTE, tokenPriceError, tokenPriceRoute, type TokenPriceOptions } from './server/tokenPriceRoute.js'
