import type { App, ServerContext } from '../../../core/server/index.js'
import { providerDisplayName, type OAuthProviderId } from '../providerIds.js'
import type { OAuthAppConfig } from '../schema.js'
import { providerEndpoints, type OAuthProviderEndpoints } from './providerEndpoints.js'

/** A provider with the app's credentials and endpoint overrides applied. */
export interface ResolvedProvider {
  def: OAuthProviderEndpoints
  clientId: string
  clientSecret: string | undefined
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string | undefined
  jwksUri: string | undefined
  issuer: string | undefined
  scopes: string[]
}

/** The app's settings for `provider` with its overrides, or null when the app has none. */
export function resolveProvider(section: OAuthAppConfig | undefined, provider: OAuthProviderId): ResolvedProvider | null {
  const cfg = section?.[provider]
  if (!cfg) return null
  const def = providerEndpoints[provider]
  return {
    def,
    clientId: cfg.client_id,
    clientSecret: cfg.client_secret,
    authorizationEndpoint: cfg.authorization_endpoint ?? def.authorizationEndpoint,
    tokenEndpoint: cfg.token_endpoint ?? def.tokenEndpoint,
    userinfoEndpoint: cfg.userinfo_endpoint ?? def.userinfoEndpoint,
    jwksUri: cfg.jwks_uri ?? def.jwksUri,
    issuer: cfg.issuer ?? def.issuer,
    scopes: cfg.scopes ?? def.scopes,
  }
}

/** The app's `oauth` section (validated at start by the plugin's appConfig schema). */
export const oauthSectionOf = (found: App) => found.plugins.oauth as OAuthAppConfig | undefined

/** The provider as the app configured it; 403 when the app doesn't offer it. */
export function enabledProvider(ctx: ServerContext, found: App, provider: OAuthProviderId): ResolvedProvider {
  const resolved = resolveProvider(oauthSectionOf(found), provider)
  if (!resolved || (found.config as Record<string, unknown>)[provider] !== true) {
    throw new ctx.HttpError(403, 'disallowed_login_method', `Login with ${providerDisplayName(provider)} is not allowed`)
  }
  return resolved
}
