import * as v from 'valibot'

/** An app entry's `session_cookies` section (server-only). */
export const SessionCookiesSchema = v.strictObject({
  /** Parent domain shared by the app and the API, e.g. '.example.com'; unset = host-only cookies of the API host. */
  domain: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\.?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i, 'Must be a domain like .example.com'),
    ),
  ),
  /** Secure cookies (default true); false only when every allowed origin is http://localhost or a loopback address. */
  secure: v.optional(v.boolean()),
  same_site: v.optional(v.picklist(['lax', 'strict'])),
})
export type SessionCookiesInput = v.InferOutput<typeof SessionCookiesSchema>

/** Resolved cookie settings of an app. */
export interface SessionCookieSettings {
  domain: string | null
  secure: boolean
  sameSite: 'Lax' | 'Strict'
}

const LOCAL_ORIGIN = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i

/** Settings with defaults; refuses `secure: false` unless the app only runs on local origins. */
export function resolveSessionCookies(input: SessionCookiesInput, allowedOrigins: Iterable<string>, appId: string): SessionCookieSettings {
  const secure = input.secure ?? true
  if (!secure) {
    const remote = [...allowedOrigins].find((o) => !LOCAL_ORIGIN.test(o))
    if (remote) throw new Error(`app ${appId}: session_cookies.secure may be false only for http://localhost origins (found ${remote})`)
  }
  return { domain: input.domain ?? null, secure, sameSite: input.same_site === 'strict' ? 'Strict' : 'Lax' }
}
