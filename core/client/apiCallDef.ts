import type { GenericSchema } from 'valibot'

/** One named API call of a plugin: validated input in, validated output out. */
export interface ApiCallDef<I = any, O = any> {
  method?: 'GET' | 'POST' | 'DELETE'
  path: string
  /** Validated before the request; a failure throws ValidationError and sends nothing. */
  input?: GenericSchema<any, I>
  /** Validated after the response; a failure throws ApiError `invalid_response`. */
  output?: GenericSchema<any, O>
  /** false: never retried (analytics-like calls). Default: the kernel's retry policy. */
  retry?: boolean
  /**
   * Body field that carries a captcha token ('token', 'captcha_token'). When the app has captcha on and
   * the field is null or absent, `foyer.call` fills it with a fresh token first.
   */
  captcha?: string
}

/**
 * A plugin's `api` that loads with its first call: `api: () => import('./api.js').then((m) => m.emailApi)`. The calls'
 * schemas (and the parts of valibot they use) then stay out of the host's first load; each call is validated exactly
 * as with a table given in place.
 */
export type ApiLoader = () => Promise<Record<string, ApiCallDef>>
