import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
// @ts-expect-error oidc-provider ships no type declarations
import Provider from 'oidc-provider'

/** The user the stand-in signs in. Tests may swap it between flows. */
export interface StandinUser {
  sub: string
  email: string
  name: string
}

/** Options of the local OIDC provider. */
export interface OidcStandinOptions {
  clientId?: string
  clientSecret?: string
  /** Our server's callback, registered as the client's only redirect_uri. */
  redirectUris: string[]
  port?: number
}

/** A running local OpenID Connect provider configured as "google". */
export interface OidcStandin {
  /** The issuer (also the base of every endpoint). */
  issuer: string
  clientId: string
  clientSecret: string
  /** The app-config section for `"oauth": { "google": ... }` pointing at this provider. */
  googleConfig(): Record<string, string>
  /** Who is signed in by the next interaction. */
  user: StandinUser
  /** 'approve' signs `user` in and grants; 'deny' answers access_denied; 'form' serves oidc-provider's dev login form. */
  mode: 'approve' | 'deny' | 'form'
  close(): Promise<void>
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a local port: authorization code
 * flow with PKCE, ID tokens signed with its own keys, client_secret_post. Its interaction auto-approves
 * `user` (or denies, or shows the package's dev login form) so tests drive it without a person.
 */
export async function startOidcStandin(options: OidcStandinOptions): Promise<OidcStandin> {
  const clientId = options.clientId ?? 'foyer-test-client'
  const clientSecret = options.clientSecret ?? 'foyer-test-secret-0123456789'
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`
  const standin: OidcStandin = {
    issuer,
    clientId,
    clientSecret,
    user: { sub: 'google-user-1', email: 'ada@example.com', name: 'Ada Lovelace' },
    mode: 'approve',
    googleConfig: () => ({
      client_id: clientId,
      client_secret: clientSecret,
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const accounts = new Map<string, StandinUser>()

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts email and name into the ID token; so does the stand-in.
    conformIdTokenClaims: false,
    cookies: { keys: ['foyer-oidc-standin-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const user = accounts.get(sub) ?? { ...standin.user, sub }
      return { accountId: sub, claims: async () => ({ sub, email: user.email, email_verified: true, name: user.name }) }
    },
    ttl: { Session: 60, Interaction: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  })
  provider.on('server_error', (_ctx: unknown, error: Error) => console.error('[oidc stand-in]', error))

  const callback = provider.callback()
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/') || standin.mode === 'form') return callback(req, res)
    try {
      const details = await provider.interactionDetails(req, res)
      if (standin.mode === 'deny') {
        await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user denied the request' }, { mergeWithLastSubmission: false })
        return
      }
      if (details.prompt.name === 'login') {
        accounts.set(standin.user.sub, { ...standin.user })
        await provider.interactionFinished(req, res, { login: { accountId: standin.user.sub } }, { mergeWithLastSubmission: false })
        return
      }
      // consent: grant exactly what was asked.
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id })
      grant.addOIDCScope(String(details.params.scope))
      const grantId = await grant.save()
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
    } catch (error) {
      res.statusCode = 500
      res.end(String((error as Error).message))
    }
  })
  return standin
}
