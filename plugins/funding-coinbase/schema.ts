import * as v from 'valibot'
export { COINBASE_ONRAMP_CHAINS, COINBASE_PAY_URL, type CoinbaseOnrampPublicConfig } from './coinbaseOnramp.js'

/** A Coinbase network name ('base', 'ethereum', …) or asset symbol ('ETH', 'USDC'): short, plain. */
const NetworkSchema = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'Invalid network'))
const AssetSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,16}$/, 'Invalid asset'))
/** An EVM address (the user's wallet): Coinbase Onramp funds EVM chains here. */
const AddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'))

/** POST /api/v1/funding/coinbase_on_ramp/init (spec §7): the wallets to fund, the networks each takes, the assets. */
export const CoinbaseOnrampInitInputSchema = v.strictObject({
  addresses: v.pipe(
    v.array(v.strictObject({ address: AddressSchema, blockchains: v.pipe(v.array(NetworkSchema), v.minLength(1), v.maxLength(10)) })),
    v.minLength(1),
    v.maxLength(5),
  ),
  assets: v.optional(v.pipe(v.array(AssetSchema), v.maxLength(10))),
})
export type CoinbaseOnrampInitInput = v.InferOutput<typeof CoinbaseOnrampInitInputSchema>

/** §3 'Coinbase onramp session': what the pay page opens with. */
export const CoinbaseOnrampSessionSchema = v.object({ app_id: v.string(), session_token: v.string(), partner_user_id: v.string() })
export type CoinbaseOnrampSession = v.InferOutput<typeof CoinbaseOnrampSessionSchema>

/** GET /api/v1/funding/coinbase_on_ramp/status?partnerUserId=: the newest purchase since the last init. */
export const CoinbaseOnrampStatusSchema = v.object({ status: v.picklist(['success', 'failure', 'pending']) })
export type CoinbaseOnrampStatus = v.InferOutput<typeof CoinbaseOnrampStatusSchema>['status']

/** The status route's query. */
export const CoinbaseOnrampStatusQuerySchema = v.strictObject({ partnerUserId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,49}$/, 'Invalid partnerUserId')) })

/** The app's `"funding-coinbase"` section (server-side; its public part is `coinbase_onramp_config`). */
export const FundingCoinbaseAppConfigSchema = v.strictObject({
  /** Another pay page than Coinbase's (a test stand-in). */
  pay_url: v.optional(v.pipe(v.string(), v.url())),
  /** Extra chain id → Coinbase network name ('31337': 'base'): a local chain stands for a Coinbase one. */
  chains: v.optional(v.record(v.pipe(v.string(), v.regex(/^\d{1,12}$/)), NetworkSchema)),
})
export type FundingCoinbaseAppConfig = v.InferOutput<typeof FundingCoinbaseAppConfigSchema>

/** Codes the plugin's routes answer that core doesn't declare. */
export const fundingCoinbaseErrorCodes = ['coinbase_onramp_unavailable'] as const

/** Server messages. */
export const fundingCoinbaseServerTexts = {
  notEnabled: 'Coinbase Onramp is not enabled for this app',
  notConfigured: 'Coinbase Onramp is not configured on this server',
  foreignAddress: 'addresses: Every address must be one of your wallets',
  foreignPartner: 'partnerUserId: Not your Coinbase Onramp session',
  unavailable: 'Coinbase Onramp could not be reached',
} as const
