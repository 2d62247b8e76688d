import type { Context } from 'hono'
import type { App, ServerContext } from '../../../core/server/index.js'
import { authenticatorName } from './authenticatorNames.js'
import type { RelyingParty } from './challengeStore.js'
import { parseUserAgent } from './userAgent.js'

/** What the passkey routes read off a request: the app, the relying party and the creating browser. */
export function createPasskeyRequest(ctx: ServerContext, authenticatorNames: Record<string, string> | undefined) {
  const { HttpError } = ctx

  return {
    /** The request's app; 403 when it doesn't offer passkeys. */
    app(c: Context): App {
      const found = ctx.apps.of(c)
      if (!found.config.passkey) throw new HttpError(403, 'disallowed_login_method', 'Login with passkey is not allowed')
      return found
    },

    /**
     * The relying party is the host of the page's origin. The Origin header is required and must be
     * one of the app's allowed_origins (the app guard refused others already; checked again here).
     */
    relyingParty(c: Context): RelyingParty {
      const header = c.req.header('origin')
      if (!header) throw new HttpError(400, 'invalid_origin', 'Passkeys need the Origin of the page')
      let url: URL
      try {
        url = new URL(header)
      } catch {
        throw new HttpError(403, 'invalid_origin', 'Origin not allowed for this app')
      }
      if (!ctx.apps.of(c).allowedOrigins.has(url.origin.toLowerCase())) {
        throw new HttpError(403, 'invalid_origin', 'Origin not allowed for this app')
      }
      return { origin: url.origin, rpId: url.hostname }
    },

    /** The linked account's spec fields, from the browser that created it and the authenticator's AAGUID. */
    accountData(c: Context, credentialId: string, aaguid: string) {
      const { browser, os } = parseUserAgent(c.req.header('user-agent'))
      return {
        credentialId,
        authenticatorName: authenticatorName(aaguid, authenticatorNames),
        createdWithBrowser: browser,
        createdWithOs: os,
        enrolledInMfa: false,
      }
    },
  }
}

/** The request reader createPasskeyRequest makes. */
export type PasskeyRequest = ReturnType<typeof createPasskeyRequest>
