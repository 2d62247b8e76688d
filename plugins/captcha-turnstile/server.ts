import * as v from 'valibot'
import { CAPTCHA_TOKEN_TTL_SECONDS, defineServerPlugin } from '../../core/server/index.js'
import type { CaptchaVerifyInput, ServerContext } from '../../core/server/index.js'
import { SiteverifyResponseSchema, TURNSTILE_SITEVERIFY_URL, TurnstileAppConfigSchema, type TurnstileAppConfig } from './server/schema.js'

/** Options of the Turnstile server half. */
export interface CaptchaTurnstileServerOptions {
  /** fetch to reach siteverify with (tests). Default the global fetch. */
  fetch?: typeof globalThis.fetch
}

const DEFAULT_TIMEOUT_MS = 5000

/**
 * Asks Turnstile's siteverify about one token (Cloudflare's documented JSON request). Answers whether it
 * passed; throws when siteverify can't answer (network, non-2xx, timeout, malformed body) so the server
 * fails closed. Error messages never carry the token or the secret.
 */
export async function siteverify(
  section: TurnstileAppConfig,
  input: Pick<CaptchaVerifyInput, 'token' | 'remoteIp' | 'idempotencyKey'>,
  options: { fetch?: typeof globalThis.fetch; now?: () => number } = {},
): Promise<{ success: boolean; errorCodes: string[] }> {
  const fetchFn = options.fetch ?? globalThis.fetch
  const body: Record<string, string> = { secret: section.secret_key, response: input.token, idempotency_key: input.idempotencyKey }
  if (input.remoteIp && input.remoteIp !== 'unknown') body.remoteip = input.remoteIp
  const res = await fetchFn(section.siteverify_url ?? TURNSTILE_SITEVERIFY_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(section.timeout_ms ?? DEFAULT_TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`)
  const parsed = v.safeParse(SiteverifyResponseSchema, await res.json().catch(() => null))
  if (!parsed.success) throw new Error('siteverify sent an unexpected answer')
  const errorCodes = parsed.output['error-codes'] ?? []
  if (!parsed.output.success) return { success: false, errorCodes }
  // Turnstile already refuses tokens older than 300 s; checking challenge_ts too costs nothing.
  const issued = parsed.output.challenge_ts ? Date.parse(parsed.output.challenge_ts) : NaN
  const now = options.now?.() ?? Date.now()
  if (!Number.isFinite(issued) || now - issued > CAPTCHA_TOKEN_TTL_SECONDS * 1000) return { success: false, errorCodes: ['timeout-or-duplicate'] }
  return { success: true, errorCodes }
}

/**
 * Server half of the Turnstile captcha. An app enables it with a `"captcha-turnstile"` section
 * ({ site_key: 't:...', secret_key, siteverify_url?, script_url? }): the public config then says
 * `captcha_enabled: true` with the site key, and every init route asks siteverify through
 * `ctx.verifyCaptcha` before doing anything.
 */
export function captchaTurnstileServer(options: CaptchaTurnstileServerOptions = {}) {
  return defineServerPlugin({
    id: 'captcha-turnstile',
    appConfig: TurnstileAppConfigSchema,
    // The siteverify secret key: sealed in the app store, never read back.
    appSecretFields: ['secret_key'],
    publicConfig: (section) => {
      const s = section as TurnstileAppConfig
      return { captcha_enabled: true, captcha_site_key: s.site_key, ...(s.script_url ? { turnstile_script_url: s.script_url } : {}) }
    },
    captchaVerifier: (ctx: ServerContext) => async (input) => {
      const section = input.app.plugins['captcha-turnstile'] as TurnstileAppConfig | undefined
      if (!section) throw new Error('the app has no captcha-turnstile section')
      const result = await siteverify(section, input, { ...(options.fetch ? { fetch: options.fetch } : {}), now: ctx.now })
      if (!result.success) ctx.logger.info(`[foyer] captcha refused for app ${input.app.id}: ${result.errorCodes.join(', ') || 'no error code'}`)
      return result.success
    },
    routes() {},
  })
}
