import * as v from 'valibot'

/** The widget settings the client may ask for (§3 moonpayConfigOverride and the request's amount and currency). */
export const MoonpayWidgetConfigSchema = v.strictObject({
  currencyCode: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,40}$/))),
  quoteCurrencyAmount: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1e12))),
  baseCurrencyAmount: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1e12))),
  baseCurrencyCode: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{3,5}$/))),
  paymentMethod: v.optional(v.pipe(v.string(), v.maxLength(60))),
  redirectURL: v.optional(v.pipe(v.string(), v.url(), v.maxLength(2000))),
  email: v.optional(v.pipe(v.string(), v.email(), v.maxLength(320))),
  colorCode: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{3,8}$/))),
  theme: v.optional(v.picklist(['light', 'dark'])),
  language: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2}(-[A-Za-z]{2})?$/))),
})
export type MoonpayWidgetConfig = v.InferOutput<typeof MoonpayWidgetConfigSchema>

/** POST /api/v1/plugins/moonpay_on_ramp/sign (§7): the wallet to fund, sandbox or production, the widget settings. */
export const MoonpaySignInputSchema = v.strictObject({
  address: v.pipe(v.string(), v.minLength(32), v.maxLength(64), v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/)),
  useSandbox: v.optional(v.boolean(), false),
  config: v.optional(MoonpayWidgetConfigSchema, {}),
})
export type MoonpaySignInput = v.InferInput<typeof MoonpaySignInputSchema>

/** The signed widget URL and the id its transaction carries; `apiUrl`: where its status is polled (Foyer's addition). */
export const MoonpaySignResultSchema = v.object({
  signedUrl: v.pipe(v.string(), v.url()),
  externalTransactionId: v.string(),
  apiUrl: v.optional(v.pipe(v.string(), v.url())),
})
export type MoonpaySignResult = v.InferOutput<typeof MoonpaySignResultSchema>

/** Codes the plugin's route answers that core doesn't declare. */
export const moonpayErrorCodes = ['moonpay_not_configured'] as const

/** Server messages. */
export const moonpayServerTexts = {
  notConfigured: 'Moonpay is not configured on this server',
  notYourWallet: 'address: Not a wallet of this user',
  notEnabled: 'Moonpay funding is not enabled for this app',
} as const
