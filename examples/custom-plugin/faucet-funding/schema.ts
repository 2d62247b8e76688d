import * as v from 'valibot'

/** POST /api/v1/faucet/fund: send `amount` (in the chain's currency, '0.05') to one of the signed-in user's wallets. */
export const faucetFundPath = '/api/v1/faucet/fund'
export const FaucetFundInputSchema = v.object({
  address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'an Ethereum address')),
  chainId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  amount: v.pipe(v.string(), v.regex(/^(\d+\.?\d*|\.\d+)$/, 'an amount: digits with at most one decimal point')),
})
/** What the route answers once the transfer is mined. */
export const FaucetFundSchema = v.object({ hash: v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/)) })
/** The route's own error codes (declared by the server half). */
export const faucetErrorCodes = ['faucet_unavailable', 'faucet_chain_not_supported', 'faucet_amount_too_large', 'faucet_not_your_wallet'] as const
