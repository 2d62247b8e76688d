import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHash, randomBytes } from 'node:crypto'
import { closeServer, readBody as read } from './httpStandin.js'

/** A file in an account's appDataFolder. */
export interface DriveFile {
  id: string
  name: string
  content: string
}

/** A running Google OAuth 2.0 (authorize + token, PKCE) and Drive v3 (appDataFolder subset) stand-in. */
export interface GoogleDriveStandin {
  url: string
  clientId: string
  clientSecret: string
  /** The server env that points Foyer's recovery login and the frame's Drive calls here. */
  env(): Record<string, string>
  /** The Google account the authorize page signs in (the user "picks" it). */
  account: string
  /** approve: redirect with a code; deny: error=access_denied. */
  mode: 'approve' | 'deny'
  /** The appDataFolder of an account (live: tests may delete files). */
  files(account: string): DriveFile[]
  /** Token endpoint requests received (PKCE and client auth assertions). */
  tokenRequests: URLSearchParams[]
  close(): Promise<void>
}


const DRIVE_APPDATA = 'https://www.googleapis.com/auth/drive.appdata'

/**
 * Google's documented shapes on a local port: GET /o/oauth2/v2/auth (auto-approves as `account`), POST /token
 * (authorization_code with client secret and PKCE S256 checked), and Drive v3 with Bearer tokens: multipart upload
 * to /upload/drive/v3/files (parents ['appDataFolder']), GET /drive/v3/files?spaces=appDataFolder&q=name='…', and
 * GET /drive/v3/files/{id}?alt=media — one appDataFolder per account. CORS is open, as Google's API is.
 */
export async function startGoogleDriveStandin(): Promise<GoogleDriveStandin> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  const codes = new Map<string, { redirectUri: string; challenge: string; account: string }>()
  const tokens = new Map<string, string>()
  const folders = new Map<string, DriveFile[]>()
  const folder = (account: string) => {
    let files = folders.get(account)
    if (!files) folders.set(account, (files = []))
    return files
  }
  const standin: GoogleDriveStandin = {
    url,
    clientId: 'google-recovery-test-client',
    clientSecret: 'google-recovery-test-secret-0123456789',
    env: () => ({
      FOYER_RECOVERY_GOOGLE_CLIENT_ID: standin.clientId,
      FOYER_RECOVERY_GOOGLE_CLIENT_SECRET: standin.clientSecret,
      FOYER_RECOVERY_GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      FOYER_RECOVERY_GOOGLE_TOKEN_URL: `${url}/token`,
      FOYER_RECOVERY_GOOGLE_DRIVE_URL: url,
    }),
    account: 'drive.user@example.com',
    mode: 'approve',
    files: folder,
    tokenRequests: [],
    close: () => closeServer(server),
  }
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST, OPTIONS' }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', ...cors })
    res.end(JSON.stringify(body))
  }
  const driveError = (res: ServerResponse, status: number, message: string) => json(res, status, { error: { code: status, message, errors: [{ message }] } })

  server.on('request', async (req, res) => {
    const u = new URL(req.url ?? '/', url)
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors)
      return res.end()
    }
    if (req.method === 'GET' && u.pathname === '/o/oauth2/v2/auth') {
      const q = u.searchParams
      if (q.get('client_id') !== standin.clientId) return json(res, 400, { error: 'invalid_client' })
      if (q.get('response_type') !== 'code' || !(q.get('scope') ?? '').split(' ').includes(DRIVE_APPDATA)) return json(res, 400, { error: 'invalid_request' })
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' })
      const redirectUri = q.get('redirect_uri') ?? ''
      const back = new URL(redirectUri)
      if (standin.mode === 'deny') back.searchParams.set('error', 'access_denied')
      else {
        const code = `4/${randomBytes(12).toString('hex')}`
        codes.set(code, { redirectUri, challenge: q.get('code_challenge')!, account: standin.account })
        back.searchParams.set('code', code)
      }
      back.searchParams.set('state', q.get('state') ?? '')
      res.writeHead(302, { location: back.href })
      return res.end()
    }
    if (req.method === 'POST' && u.pathname === '/token') {
      const form = new URLSearchParams(await read(req))
      standin.tokenRequests.push(form)
      const code = form.get('code') ?? ''
      const entry = codes.get(code)
      codes.delete(code)
      const ok =
        entry &&
        form.get('grant_type') === 'authorization_code' &&
        form.get('client_id') === standin.clientId &&
        form.get('client_secret') === standin.clientSecret &&
        form.get('redirect_uri') === entry.redirectUri &&
        createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === entry.challenge
      if (!ok) return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' })
      const token = `ya29.${randomBytes(16).toString('hex')}`
      tokens.set(token, entry.account)
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3599, scope: DRIVE_APPDATA })
    }
    if (u.pathname.startsWith('/drive/v3/') || u.pathname.startsWith('/upload/drive/v3/')) {
      const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (!account) return driveError(res, 401, 'Request had invalid authentication credentials.')
      const files = folder(account)
      if (req.method === 'POST' && u.pathname === '/upload/drive/v3/files') {
        if (u.searchParams.get('uploadType') !== 'multipart') return driveError(res, 400, 'uploadType must be multipart here')
        const boundary = /boundary=([^;]+)/.exec(req.headers['content-type'] ?? '')?.[1]
        if (!boundary) return driveError(res, 400, 'Missing multipart boundary')
        const parts = (await read(req))
          .split(`--${boundary}`)
          .slice(1, -1)
          .map((part) => part.replace(/^\r\n/, '').replace(/\r\n$/, ''))
          .map((part) => part.slice(part.indexOf('\r\n\r\n') + 4))
        let meta: { name?: unknown; parents?: unknown }
        try {
          meta = JSON.parse(parts[0] ?? '') as typeof meta
        } catch {
          return driveError(res, 400, 'Bad metadata part')
        }
        if (typeof meta.name !== 'string' || JSON.stringify(meta.parents) !== '["appDataFolder"]' || parts.length !== 2) {
          return driveError(res, 400, 'Expected a name, parents ["appDataFolder"] and one media part')
        }
        const file = { id: randomBytes(12).toString('hex'), name: meta.name, content: parts[1]! }
        files.push(file)
        return json(res, 200, { kind: 'drive#file', id: file.id, name: file.name })
      }
      if (req.method === 'GET' && u.pathname === '/drive/v3/files') {
        if (u.searchParams.get('spaces') !== 'appDataFolder') return driveError(res, 403, 'The granted scopes only allow the appDataFolder space.')
        const q = u.searchParams.get('q') ?? ''
        const byName = /^name\s*=\s*'([^']*)'$/.exec(q)
        if (q && !byName) return driveError(res, 400, 'Invalid Value')
        const found = files.filter((f) => !byName || f.name === byName[1])
        return json(res, 200, { kind: 'drive#fileList', files: found.map((f) => ({ kind: 'drive#file', id: f.id, name: f.name })) })
      }
      const one = /^\/drive\/v3\/files\/([^/]+)$/.exec(u.pathname)
      if (req.method === 'GET' && one) {
        const file = files.find((f) => f.id === decodeURIComponent(one[1]!))
        if (!file) return driveError(res, 404, `File not found: ${one[1]}.`)
        if (u.searchParams.get('alt') !== 'media') return json(res, 200, { kind: 'drive#file', id: file.id, name: file.name })
        res.writeHead(200, { 'content-type': 'text/plain', ...cors })
        return res.end(file.content)
      }
    }
    json(res, 404, { error: 'not_found' })
  })
  return standin
}
