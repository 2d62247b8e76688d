import type { Hono } from 'hono'
import type { ServerContext } from '../../core/server/index.js'
import { defineServerPlugin } from '../../core/server/index.js'
import { oauthPaths } from './api.js'
import { oauthProviderIds } from './providerIds.js'
import { OAuthAppConfigSchema, oauthErrorCodes } from './schema.js'
import { accountRoutes } from './server/accountRoutes.js'
import { createFlowStore } from './server/flowStore.js'
import { flowRoutes } from './server/flowRoutes.js'
import { createProviderClient } from './server/providerClient.js'

// Still public through `foyer/plugins/oauth/server`, where they lived before the split.
export { resolveProvider, type ResolvedProvider } from './server/resolveProvider.js'
export { s256 } from './server/s256.js'
export { oauthProviderIds, isOAuthProvider, providerDisplayName, type OAuthProviderId } from './providerIds.js'
export { providerEndpoints, type OAuthProviderEndpoints, type ProfileFields } from './server/providerEndpoints.js'

/** Options of the OAuth plugin's server half. */
export interface OAuthServerOptions {
  /**
   * Public URL of this server's provider callback, registered at every provider. Default:
   * `$FOYER_PUBLIC_URL/api/v1/oauth/callback`, else the origin the init request reached.
   */
  callbackUrl?: string
  /** Lifetime of a pending flow, init to authenticate. Default 600 (10 minutes). */
  flowTtlSeconds?: number
  /** How long a provider may take to answer. Default 10 000 ms. */
  providerTimeoutMs?: number
}

/**
 * Server half of OAuth login: the server is the OAuth 2.0 / OIDC client of each provider. init
 * stores a pending flow and answers the provider's authorization URL; the provider returns to
 * GET/POST /api/v1/oauth/callback, which exchanges the code (PKCE + client secret), validates the
 * ID token (OIDC) or reads userinfo, and sends the browser back to `redirect_to` with a one-time
 * Foyer code; authenticate / link redeem it with the client's PKCE verifier.
 */
export function oauthServer(options: OAuthServerOptions = {}) {
  const ttl = options.flowTtlSeconds ?? 600
  const timeout = options.providerTimeoutMs ?? 10_000

  return defineServerPlugin({
    id: 'oauth',
    errorCodes: oauthErrorCodes,
    appConfig: OAuthAppConfigSchema,
    // Each provider's client secret: sealed in the app store, never read back.
    appSecretFields: ['*.client_secret'],
    // A configured provider turns its login flag on (an explicit `"google": false` on the app still wins).
    publicConfig: (section) =>
      Object.fromEntries(oauthProviderIds.filter((id) => (section as Record<string, unknown>)[id]).map((id) => [id, true])),
    openPaths: [oauthPaths.callback],
    migrations: [
      {
        id: 'oauth/001_flows',
        sql: `
CREATE TABLE oauth_flows (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  provider text NOT NULL,
  state_code text NOT NULL,
  code_challenge text NOT NULL,
  redirect_to text NOT NULL,
  redirect_uri text NOT NULL,
  provider_state_hash text NOT NULL UNIQUE,
  server_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  callback_at timestamptz,
  code_hash text UNIQUE,
  error text,
  subject text,
  email text,
  name text,
  username text,
  oauth_tokens text,
  consumed_at timestamptz,
  UNIQUE (app_id, state_code)
);
CREATE INDEX oauth_flows_expiry ON oauth_flows (expires_at);`,
      },
    ],
    rateLimits: {
      'oauth.init.ip': { limit: 60, windowSeconds: 600 },
      'oauth.redeem.ip': { limit: 60, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const flows = createFlowStore(ctx)
      const client = createProviderClient({ timeoutMs: timeout, now: () => ctx.now() })
      flowRoutes(app, ctx, { flows, client, callbackUrl: options.callbackUrl, ttlSeconds: ttl })
      accountRoutes(app, ctx, flows)
    },
  })
}
