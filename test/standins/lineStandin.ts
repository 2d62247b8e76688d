import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { closeServer, readBody } from './httpStandin.js'

/** The LINE user the stand-in signs in (GET /v2/profile's fields). */
export interface LineUser {
  userId: string
  displayName: string
  pictureUrl?: string
}

/** A running LINE Login v2.1-shaped provider. */
export interface LineStandin {
  url: string
  clientId: string
  clientSecret: string
  /** Section for `"oauth": { "line": ... }` pointing at the stand-in. */
  lineConfig(): Record<string, string>
  user: LineUser
  /** Requests the token endpoint received. */
  tokenRequests: URLSearchParams[]
  close(): Promise<void>
}

/**
 * LINE Login v2.1's documented web flow on a local port: GET /oauth2/v2.1/authorize (auto-approves), POST
 * /oauth2/v2.1/token (channel id and secret in the form, PKCE S256 checked), GET /v2/profile with the bearer token.
 */
export async function startLineStandin(): Promise<LineStandin> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  const codes = new Map<string, { redirectUri: string; challenge: string | null; user: LineUser }>()
  const tokens = new Map<string, LineUser>()
  const standin: LineStandin = {
    url,
    clientId: '1650000000',
    clientSecret: 'line-test-channel-secret-0123456789',
    lineConfig: () => ({
      client_id: standin.clientId,
      client_secret: standin.clientSecret,
      authorization_endpoint: `${url}/oauth2/v2.1/authorize`,
      token_endpoint: `${url}/oauth2/v2.1/token`,
      userinfo_endpoint: `${url}/v2/profile`,
    }),
    user: { userId: 'U4af4980629a0b2c3d4e5f60718293a4b', displayName: 'Line User', pictureUrl: 'https://profile.line-scdn.net/0h-test' },
    tokenRequests: [],
    close: () => closeServer(server),
  }
  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

  server.on('request', async (req, res) => {
    const u = new URL(req.url ?? '/', url)
    if (req.method === 'GET' && u.pathname === '/oauth2/v2.1/authorize') {
      if (u.searchParams.get('client_id') !== standin.clientId || u.searchParams.get('response_type') !== 'code') return json(res, 400, { error: 'invalid_request' })
      const redirectUri = u.searchParams.get('redirect_uri') ?? ''
      const code = randomBytes(10).toString('hex')
      codes.set(code, { redirectUri, challenge: u.searchParams.get('code_challenge'), user: { ...standin.user } })
      const back = new URL(redirectUri)
      back.searchParams.set('code', code)
      back.searchParams.set('state', u.searchParams.get('state') ?? '')
      return res.writeHead(302, { location: back.href }).end()
    }
    if (req.method === 'POST' && u.pathname === '/oauth2/v2.1/token') {
      const form = new URLSearchParams(await readBody(req))
      standin.tokenRequests.push(form)
      const entry = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      const ok =
        entry &&
        form.get('grant_type') === 'authorization_code' &&
        form.get('client_id') === standin.clientId &&
        form.get('client_secret') === standin.clientSecret &&
        form.get('redirect_uri') === entry.redirectUri &&
        (!entry.challenge || createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === entry.challenge)
      if (!ok) return json(res, 400, { error: 'invalid_grant', error_description: 'invalid authorization code' })
      const token = randomBytes(16).toString('hex')
      tokens.set(token, entry.user)
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 2592000, refresh_token: randomBytes(8).toString('hex'), scope: 'profile' })
    }
    if (req.method === 'GET' && u.pathname === '/v2/profile') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (!user) return json(res, 401, { message: 'Authentication failed' })
      return json(res, 200, { ...user, statusMessage: 'hello' })
    }
    json(res, 404, { message: 'Not found' })
  })
  return standin
}
