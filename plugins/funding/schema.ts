import * as v from 'valibot'

/** An amount as the spec allows it: digits with at most one decimal point ('0.05', '10', '.5'). */
export const AMOUNT_PATTERN = /^(\d+\.?\d*|\.\d+)$/

/** The methods ours name (third-party funding plugins add their own names). */
export const builtInFundingMethods = ['external', 'moonpay', 'coinbase-onramp', 'manual'] as const

/**
 * The app's "funding" section (server config file / FOYER_DEV_APP), shown to clients as `funding_config`:
 * `{ "funding": { "methods": ["manual", "moonpay"], "default_recommended_amount": "0.01", … } }`.
 */
export const FundingAppConfigSchema = v.strictObject({
  /** Method names offered on 'Add funds' (ours: external, moonpay, coinbase-onramp, manual; a third party's too). */
  methods: v.optional(v.array(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'method names are kebab-case')))),
  default_recommended_amount: v.optional(v.pipe(v.string(), v.regex(AMOUNT_PATTERN, 'an amount: digits with at most one decimal point'))),
  default_recommended_currency: v.optional(v.strictObject({ chain: v.string(), asset: v.optional(v.string()) })),
  prompt_funding_on_wallet_creation: v.optional(v.boolean()),
  cross_chain_bridging_enabled: v.optional(v.boolean()),
})
export type FundingAppConfig = v.InferOutput<typeof FundingAppConfigSchema>

/** The public `funding_config` (core/protocol's ServerAppConfig field) of a section, defaults filled in. */
export function publicFundingConfig(section: FundingAppConfig) {
  return {
    methods: section.methods ?? ['manual'],
    default_recommended_amount: section.default_recommended_amount ?? '0.01',
    default_recommended_currency: { chain: section.default_recommended_currency?.chain ?? 'eip155:1', ...(section.default_recommended_currency?.asset ? { asset: section.default_recommended_currency.asset } : {}) },
    prompt_funding_on_wallet_creation: section.prompt_funding_on_wallet_creation ?? false,
    cross_chain_bridging_enabled: section.cross_chain_bridging_enabled ?? false,
  }
}
export type FundingConfig = ReturnType<typeof publicFundingConfig>
