import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { moonpayPaths } from './api.js'
import { MOONPAY_API_URL, MOONPAY_DEFAULT_CURRENCY } from './moonpay.js'
import { MoonpaySignInputSchema, moonpayErrorCodes, moonpayServerTexts, type MoonpayWidgetConfig } from './schema.js'
import { signMoonpayUrl } from './server/signMoonpayUrl.js'

/** Options of the Moonpay on-ramp's server half. Each has an environment variable (read from `env`, default process.env). */
export interface FundingMoonpayServerOptions {
  /** Publishable key (pk_live_…); FOYER_MOONPAY_API_KEY. */
  apiKey?: string
  /** Secret key (sk_live_…) the widget URL is signed with; FOYER_MOONPAY_SECRET_KEY. Never sent nor logged. */
  secretKey?: string
  /** Sandbox pair (pk_test_… / sk_test_…) for `useSandbox` requests; FOYER_MOONPAY_SANDBOX_API_KEY / FOYER_MOONPAY_SANDBOX_SECRET_KEY. */
  sandboxApiKey?: string
  sandboxSecretKey?: string
  /** The widget; FOYER_MOONPAY_WIDGET_URL, default https://buy.moonpay.com (sandbox: FOYER_MOONPAY_SANDBOX_WIDGET_URL, https://buy-sandbox.moonpay.com). */
  widgetUrl?: string
  sandboxWidgetUrl?: string
  /** Moonpay's public API the client polls for the status; FOYER_MOONPAY_API_URL, default https://api.moonpay.com. */
  apiUrl?: string
  env?: Record<string, string | undefined>
}

interface KeyPair {
  apiKey: string
  secretKey: string
  widgetUrl: string
}

/**
 * The Moonpay on-ramp, server half (§7): POST /api/v1/plugins/moonpay_on_ramp/sign signs the widget URL for one of the
 * signed-in user's wallets. Without the production keys the server refuses to start in production; in dev (and for a
 * sandbox request without the sandbox pair) the route answers 503 `moonpay_not_configured`.
 */
export function fundingMoonpayServer(options: FundingMoonpayServerOptions = {}) {
  const env = options.env ?? process.env
  const pair = (apiKey: string | undefined, secretKey: string | undefined, widgetUrl: string): KeyPair | null =>
    apiKey && secretKey ? { apiKey, secretKey, widgetUrl: widgetUrl.replace(/\/+$/, '') } : null
  const production = pair(options.apiKey ?? env.FOYER_MOONPAY_API_KEY, options.secretKey ?? env.FOYER_MOONPAY_SECRET_KEY, options.widgetUrl ?? env.FOYER_MOONPAY_WIDGET_URL ?? 'https://buy.moonpay.com')
  const sandbox = pair(
    options.sandboxApiKey ?? env.FOYER_MOONPAY_SANDBOX_API_KEY,
    options.sandboxSecretKey ?? env.FOYER_MOONPAY_SANDBOX_SECRET_KEY,
    options.sandboxWidgetUrl ?? env.FOYER_MOONPAY_SANDBOX_WIDGET_URL ?? 'https://buy-sandbox.moonpay.com',
  )
  const apiUrl = (options.apiUrl ?? env.FOYER_MOONPAY_API_URL ?? MOONPAY_API_URL).replace(/\/+$/, '')

  return defineServerPlugin({
    id: 'funding-moonpay',
    errorCodes: moonpayErrorCodes,
    rateLimits: { 'funding-moonpay.sign.user': { limit: 30, windowSeconds: 600 } },
    routes(app: Hono, ctx: ServerContext) {
      if (!ctx.config.dev && !production) {
        throw new Error('Moonpay funding needs FOYER_MOONPAY_API_KEY and FOYER_MOONPAY_SECRET_KEY in production.')
      }

      app.post(moonpayPaths.sign, async (c) => {
        const found = ctx.apps.of(c)
        const { userId } = await ctx.requireUser(c)
        const body = await ctx.body(c, MoonpaySignInputSchema)
        // An app with a funding section must list the method; one without (no hub yet) may use it.
        const methods = (found.config as { funding_config?: { methods?: string[] } | null }).funding_config?.methods
        if (methods && !methods.includes('moonpay')) throw new ctx.HttpError(403, 'not_allowed', moonpayServerTexts.notEnabled)
        await ctx.enforceRateLimit('funding-moonpay.sign.user', userId)
        const keys = body.useSandbox ? sandbox : production
        if (!keys) throw new ctx.HttpError(503, 'moonpay_not_configured', moonpayServerTexts.notConfigured)

        const user = await ctx.getUser(userId)
        const wallet = user.linkedAccounts.find((account) => {
          if (account.type !== 'wallet' && account.type !== 'smart_wallet') return false
          const address = account.address as string | undefined
          if (!address) return false
          return address.startsWith('0x') ? address.toLowerCase() === body.address.toLowerCase() : address === body.address
        })
        if (!wallet) throw new ctx.HttpError(400, 'invalid_data', moonpayServerTexts.notYourWallet)

        const externalTransactionId = randomUUID()
        const signedUrl = signMoonpayUrl(widgetUrl(keys, body.address, body.config, externalTransactionId), keys.secretKey)
        return c.json({ signedUrl, externalTransactionId, apiUrl })
      })
    },
  })
}

/** The unsigned widget URL: the publishable key, the wallet, the currency and amount, the transaction id. */
function widgetUrl(keys: KeyPair, address: string, config: MoonpayWidgetConfig, externalTransactionId: string): string {
  const query = new URLSearchParams({ apiKey: keys.apiKey, walletAddress: address, currencyCode: config.currencyCode ?? MOONPAY_DEFAULT_CURRENCY })
  for (const [key, value] of Object.entries(config)) {
    if (key !== 'currencyCode' && value !== undefined) query.set(key, String(value))
  }
  query.set('externalTransactionId', externalTransactionId)
  return `${keys.widgetUrl}/?${query.toString()}`
}
