import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHash, randomBytes } from 'node:crypto'
import { closeServer, readBody as read } from './httpStandin.js'

/** The GitHub user the stand-in signs in. */
export interface GithubUser {
  id: number
  login: string
  name: string | null
  email: string | null
}

/** A running GitHub-shaped OAuth 2.0 provider (no OIDC). */
export interface GithubStandin {
  url: string
  clientId: string
  clientSecret: string
  /** Section for `"oauth": { "github": ... }` pointing at the stand-in. */
  githubConfig(): Record<string, string>
  user: GithubUser
  /** approve: redirect with a code at once; deny: error=access_denied; rate_limit: the token endpoint answers 429; suspended: /user answers 403. */
  mode: 'approve' | 'deny' | 'rate_limit' | 'suspended'
  /** Requests the token endpoint received (for assertions on PKCE and client auth). */
  tokenRequests: URLSearchParams[]
  close(): Promise<void>
}


/**
 * GitHub's documented web flow on a local port: GET /login/oauth/authorize (auto-approves),
 * POST /login/oauth/access_token (client secret + PKCE S256 checked, JSON with Accept), GET /user.
 */
export async function startGithubStandin(): Promise<GithubStandin> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  const codes = new Map<string, { redirectUri: string; challenge: string | null; user: GithubUser }>()
  const tokens = new Map<string, GithubUser>()
  const standin: GithubStandin = {
    url,
    clientId: 'github-test-client',
    clientSecret: 'github-test-secret-0123456789',
    githubConfig: () => ({
      client_id: standin.clientId,
      client_secret: standin.clientSecret,
      authorization_endpoint: `${url}/login/oauth/authorize`,
      token_endpoint: `${url}/login/oauth/access_token`,
      userinfo_endpoint: `${url}/user`,
    }),
    user: { id: 4242, login: 'octo', name: 'Octo Cat', email: null },
    mode: 'approve',
    tokenRequests: [],
    close: () => closeServer(server),
  }
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  server.on('request', async (req, res) => {
    const u = new URL(req.url ?? '/', url)
    if (req.method === 'GET' && u.pathname === '/login/oauth/authorize') {
      const redirectUri = u.searchParams.get('redirect_uri') ?? ''
      const state = u.searchParams.get('state') ?? ''
      if (u.searchParams.get('client_id') !== standin.clientId) return json(res, 400, { error: 'unknown client' })
      const back = new URL(redirectUri)
      if (standin.mode === 'deny') {
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The user has denied your application access.')
      } else {
        const code = randomBytes(10).toString('hex')
        codes.set(code, { redirectUri, challenge: u.searchParams.get('code_challenge'), user: { ...standin.user } })
        back.searchParams.set('code', code)
      }
      back.searchParams.set('state', state)
      res.writeHead(302, { location: back.href })
      return res.end()
    }
    if (req.method === 'POST' && u.pathname === '/login/oauth/access_token') {
      const form = new URLSearchParams(await read(req))
      standin.tokenRequests.push(form)
      if (standin.mode === 'rate_limit') return json(res, 429, { message: 'API rate limit exceeded' })
      const entry = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      const verifier = form.get('code_verifier') ?? ''
      const ok =
        entry &&
        form.get('client_id') === standin.clientId &&
        form.get('client_secret') === standin.clientSecret &&
        form.get('redirect_uri') === entry.redirectUri &&
        (!entry.challenge || createHash('sha256').update(verifier).digest('base64url') === entry.challenge)
      // GitHub answers 200 with an error field for a bad code.
      if (!ok) return json(res, 200, { error: 'bad_verification_code' })
      const token = `gho_${randomBytes(12).toString('hex')}`
      tokens.set(token, entry.user)
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' })
    }
    if (req.method === 'GET' && u.pathname === '/user') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (!user) return json(res, 401, { message: 'Bad credentials' })
      if (standin.mode === 'suspended') return json(res, 403, { message: 'Sorry. Your account was suspended.' })
      return json(res, 200, { ...user, avatar_url: null })
    }
    json(res, 404, { message: 'Not Found' })
  })
  return standin
}
