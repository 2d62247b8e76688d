import type { OAuthProviderId } from '../providerIds.js'
import { IdTokenError, remoteJwks, verifyIdToken } from './idToken.js'
import { readPath, type ProviderIdentity } from './profile.js'
import type { ResolvedProvider } from './resolveProvider.js'
import { s256 } from './s256.js'

/** Why a provider step failed; stored on the flow and answered by authenticate. */
export type FlowFailure = 'denied' | 'expired' | 'rate_limited' | 'suspended' | 'provider_error' | 'invalid_id_token'

/** A provider step that failed in a way authenticate reports (`kind`); the message is only logged. */
export class ProviderFailure extends Error {
  constructor(readonly kind: FlowFailure, message: string) {
    super(message)
  }
}

/** What the server keeps of one flow to talk to the provider: our redirect URI, PKCE verifier and OIDC nonce. */
export interface ProviderFlow {
  redirectUri: string
  verifier: string
  nonce: string
}

/** The provider's tokens as authenticate / link hand them to the client. */
export interface ProviderTokens {
  provider: OAuthProviderId
  access_token: string
  access_token_expires_in_seconds: number | null
  refresh_token: string | null
  refresh_token_expires_in_seconds: number | null
  scopes: string[]
}

/** The outcome of a code exchange: who the provider says the user is, and its tokens. */
export interface ExchangeResult {
  identity: ProviderIdentity
  tokens: ProviderTokens
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null)
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

/**
 * The server as OAuth 2.0 / OIDC client of a provider: builds the authorization URL and exchanges
 * the code (PKCE + client secret), then proves the identity with the ID token (OIDC) or userinfo.
 */
export function createProviderClient(options: { timeoutMs: number; now: () => number }) {
  const { timeoutMs: timeout, now } = options

  const idTokenIdentity = async (provider: ResolvedProvider, json: Record<string, unknown>, nonce: string): Promise<ProviderIdentity> => {
    const idToken = str(json.id_token)
    if (!idToken || !provider.jwksUri || !provider.issuer) throw new ProviderFailure('invalid_id_token', 'no ID token')
    const claims = await verifyIdToken(idToken, remoteJwks(provider.jwksUri), {
      issuer: provider.issuer,
      audience: provider.clientId,
      nonce,
      now: now(),
    }).catch((error) => {
      throw new ProviderFailure('invalid_id_token', error instanceof IdTokenError ? error.message : 'ID token rejected')
    })
    const given = [str(claims.given_name), str(claims.family_name)].filter(Boolean).join(' ')
    return {
      subject: claims.sub!,
      email: str(claims.email),
      name: str(claims.name) ?? (given || null),
      username: str(claims.preferred_username),
    }
  }

  const userinfoIdentity = async (provider: ResolvedProvider, accessToken: string): Promise<ProviderIdentity> => {
    const { def } = provider
    if (!provider.userinfoEndpoint || !def.profile) throw new ProviderFailure('provider_error', 'no userinfo endpoint')
    const info = await fetch(provider.userinfoEndpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'foyer' },
      signal: AbortSignal.timeout(timeout),
    })
    if (info.status === 429) throw new ProviderFailure('rate_limited', 'userinfo rate limited')
    const text = await info.text()
    if (info.status === 403 && /suspend/i.test(text)) throw new ProviderFailure('suspended', 'account suspended')
    let profile: unknown = null
    try {
      profile = JSON.parse(text)
    } catch {}
    const subject = readPath(profile, def.profile.subject)
    if (!info.ok || subject === null) throw new ProviderFailure('provider_error', `userinfo answered ${info.status}`)
    return {
      subject,
      email: def.profile.email ? readPath(profile, def.profile.email) : null,
      name: def.profile.name ? readPath(profile, def.profile.name) : null,
      username: def.profile.username ? readPath(profile, def.profile.username) : null,
    }
  }

  return {
    /** Where the browser goes to log in; `state` is the provider-side state, never the client's. */
    authorizationUrl(provider: ResolvedProvider, flow: ProviderFlow, state: string): string {
      const url = new URL(provider.authorizationEndpoint)
      const q = url.searchParams
      q.set('response_type', 'code')
      q.set(provider.def.clientIdParam ?? 'client_id', provider.clientId)
      q.set('redirect_uri', flow.redirectUri)
      q.set('scope', provider.scopes.join(provider.def.scopeSeparator ?? ' '))
      q.set('state', state)
      q.set('code_challenge', s256(flow.verifier))
      q.set('code_challenge_method', 'S256')
      if (provider.def.oidc) q.set('nonce', flow.nonce)
      for (const [key, value] of Object.entries(provider.def.extraAuthParams ?? {})) q.set(key, value)
      return url.href
    },

    /** Exchanges the provider's code and proves the identity; throws ProviderFailure on a known failure. */
    async exchange(provider: ResolvedProvider, flow: ProviderFlow, code: string): Promise<ExchangeResult> {
      const { def } = provider
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: flow.redirectUri,
        code_verifier: flow.verifier,
      })
      body.set(def.clientIdParam ?? 'client_id', provider.clientId)
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'user-agent': 'foyer',
      }
      if (provider.clientSecret && def.tokenAuth === 'basic') {
        const basic = `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`
        headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`
      } else if (provider.clientSecret) body.set('client_secret', provider.clientSecret)

      const res = await fetch(provider.tokenEndpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeout) })
      if (res.status === 429) throw new ProviderFailure('rate_limited', 'token endpoint rate limited')
      const json = (await res.json().catch(() => null)) as Record<string, unknown> | null
      const accessToken = str(json?.access_token)
      if (!res.ok || !json || !accessToken) throw new ProviderFailure('provider_error', `token endpoint answered ${res.status}`)
      const scope = str(json.scope)
      const tokens: ProviderTokens = {
        provider: def.id,
        access_token: accessToken,
        access_token_expires_in_seconds: num(json.expires_in),
        refresh_token: str(json.refresh_token),
        refresh_token_expires_in_seconds: num(json.refresh_token_expires_in),
        scopes: scope ? scope.split(/[\s,]+/).filter(Boolean) : provider.scopes,
      }
      const identity = def.oidc ? await idTokenIdentity(provider, json, flow.nonce) : await userinfoIdentity(provider, accessToken)
      return { identity, tokens }
    },
  }
}

/** The provider client createProviderClient makes. */
export type ProviderClient = ReturnType<typeof createProviderClient>
