import * as v from 'valibot'

export { TURNSTILE_SCRIPT_URL, TURNSTILE_SITEVERIFY_URL } from '../constants.js'

/**
 * The plugin's section of an app entry (`"captcha-turnstile": {...}`): server-only except `site_key`
 * and `script_url`, which the public app config carries. Its presence turns captcha on for the app.
 */
export const TurnstileAppConfigSchema = v.strictObject({
  /** The public site key with its provider part: 't:0x4AAAA...'. */
  site_key: v.pipe(v.string(), v.regex(/(^|[,\s])t:\S+/, "site_key must contain the 't:' part, e.g. 't:0x4AAAAAAA...'")),
  secret_key: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  /** Default Cloudflare's. Tests point it at a local stand-in. */
  siteverify_url: v.optional(v.pipe(v.string(), v.url())),
  /** Script the client loads (default Cloudflare's); published as `turnstile_script_url`. */
  script_url: v.optional(v.pipe(v.string(), v.url())),
  /** Milliseconds to wait for siteverify before failing closed. Default 5000. */
  timeout_ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(30_000))),
})
export type TurnstileAppConfig = v.InferOutput<typeof TurnstileAppConfigSchema>

/** Siteverify's answer (Cloudflare's documented shape; extra fields allowed). */
export const SiteverifyResponseSchema = v.looseObject({
  success: v.boolean(),
  'error-codes': v.optional(v.array(v.string())),
  challenge_ts: v.optional(v.string()),
  hostname: v.optional(v.string()),
  action: v.optional(v.string()),
  cdata: v.optional(v.string()),
})
export type SiteverifyResponse = v.InferOutput<typeof SiteverifyResponseSchema>
