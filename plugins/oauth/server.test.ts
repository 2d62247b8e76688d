import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { startGithubStandin, type GithubStandin } from '../../test/standins/githubStandin.js'
import { startLineStandin, type LineStandin } from '../../test/standins/lineStandin.js'
import { startOidcStandin, type OidcStandin } from '../../test/standins/oidcProvider.js'
import { emailServer } from '../email/server.js'
import { oauthServer } from './server.js'

const CALLBACK = 'http://foyer.test/api/v1/oauth/callback'
const REDIRECT_TO = 'http://localhost:5173/'
const b64 = (bytes = 36) => randomBytes(bytes).toString('base64url')
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url')

let google: OidcStandin
let github: GithubStandin
let line: LineStandin
let t: TestServer
let clock = Date.now()

const oauthSection = (overrides: Record<string, unknown> = {}) => ({
  google: google.googleConfig(),
  github: github.githubConfig(),
  line: line.lineConfig(),
  redirect_urls: [REDIRECT_TO, 'http://localhost:5173/other'],
  ...overrides,
})

const serverWith = (section: Record<string, unknown>, app: Record<string, unknown> = {}) =>
  createTestServer({ plugins: [emailServer(), oauthServer({ callbackUrl: CALLBACK })], now: () => clock, app: { ...app, oauth: section } })

beforeAll(async () => {
  google = await startOidcStandin({ redirectUris: [CALLBACK] })
  github = await startGithubStandin()
  line = await startLineStandin()
  t = await serverWith(oauthSection())
})
afterAll(async () => {
  await t?.close()
  await google?.close()
  await github?.close()
  await line?.close()
})
beforeEach(() => {
  clock = Date.now()
  google.mode = 'approve'
  github.mode = 'approve'
})

/** A cookie-carrying walk through the provider's redirects until it sends the browser to our callback. */
async function walkProvider(url: string): Promise<string> {
  const jar = new Map<string, string>()
  let next = url
  for (let hop = 0; hop < 15; hop++) {
    if (next.startsWith(CALLBACK)) return next.slice('http://foyer.test'.length)
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [k, v] = pair!.split('=')
      jar.set(k!.trim(), v ?? '')
    }
    const location = res.headers.get('location')
    if (!location) throw new Error(`provider stopped at ${res.status} ${next}: ${await res.text()}`)
    next = new URL(location, next).href
  }
  throw new Error('too many redirects')
}

interface Flow {
  provider: string
  state: string
  verifier: string
  url: string
}

async function init(provider = 'google', overrides: Record<string, unknown> = {}): Promise<Flow> {
  const state = b64()
  const verifier = b64()
  const res = await t.request('/api/v1/oauth/init', {
    body: { provider, redirect_to: REDIRECT_TO, token: null, code_challenge: s256(verifier), state_code: state, ...overrides },
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return { provider, state, verifier, url: ((await res.json()) as { url: string }).url }
}

/** init → provider → callback; answers the foyer_oauth_* parameters the browser comes back with. */
async function authorize(provider = 'google') {
  const flow = await init(provider)
  const callback = await t.request(await walkProvider(flow.url), { noAppId: true })
  expect(callback.status).toBe(302)
  const back = new URL(callback.headers.get('location')!)
  return { flow, back, code: back.searchParams.get('foyer_oauth_code')!, state: back.searchParams.get('foyer_oauth_state')! }
}

const authenticate = (body: Record<string, unknown>) => t.request('/api/v1/oauth/authenticate', { body })

describe('oauth/init', () => {
  it('answers the provider URL with our callback, a server-side PKCE challenge, a nonce and a fresh state', async () => {
    const flow = await init()
    const url = new URL(flow.url)
    expect(url.origin + url.pathname).toBe(`${google.issuer}/auth`)
    const q = url.searchParams
    expect(q.get('client_id')).toBe(google.clientId)
    expect(q.get('redirect_uri')).toBe(CALLBACK)
    expect(q.get('code_challenge_method')).toBe('S256')
    // The provider sees the server's own challenge and state, never the browser's.
    expect(q.get('code_challenge')).not.toBe(s256(flow.verifier))
    expect(q.get('state')).not.toBe(flow.state)
    expect(q.get('nonce')).toMatch(/^[\w-]{40,}$/)
    expect(q.get('scope')).toBe('openid email profile')
  })

  it('refuses a redirect_to that is not exactly on the allowlist, storing nothing', async () => {
    const before = await t.server.db.query('SELECT 1 FROM oauth_flows')
    for (const redirect_to of ['http://localhost:5173/evil', 'http://localhost:5173', 'http://evil.example/', 'http://localhost:5173/?x=1']) {
      const res = await t.request('/api/v1/oauth/init', {
        body: { provider: 'google', redirect_to, code_challenge: s256(b64()), state_code: b64() },
      })
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('invalid_redirect_to')
    }
    expect(await t.server.db.query('SELECT 1 FROM oauth_flows')).toHaveLength(before.length)
  })

  it('malformed bodies are 400 invalid_data and store nothing', async () => {
    const before = await t.server.db.query('SELECT 1 FROM oauth_flows')
    const ok = { provider: 'google', redirect_to: REDIRECT_TO, code_challenge: s256(b64()), state_code: b64() }
    for (const body of [
      {},
      { ...ok, provider: 'myspace' },
      { ...ok, code_challenge: 'short' },
      { ...ok, code_challenge: `${s256('x').slice(0, 42)}+` },
      { ...ok, state_code: 'x' },
      { ...ok, redirect_to: 'not a url' },
      'not json',
    ]) {
      const res = await t.request('/api/v1/oauth/init', { body })
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('invalid_data')
    }
    expect(await t.server.db.query('SELECT 1 FROM oauth_flows')).toHaveLength(before.length)
  })

  it('a state code is used once', async () => {
    const flow = await init()
    const res = await t.request('/api/v1/oauth/init', {
      body: { provider: 'google', redirect_to: REDIRECT_TO, code_challenge: s256(b64()), state_code: flow.state },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('invalid_state')
  })

  it('a provider the app does not configure, or turns off, is disallowed; configured ones are public flags', async () => {
    const res = await t.request('/api/v1/oauth/init', {
      body: { provider: 'discord', redirect_to: REDIRECT_TO, code_challenge: s256(b64()), state_code: b64() },
    })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('disallowed_login_method')
    const config = await (await t.request(`/api/v1/apps/${t.appId}`)).json()
    expect([config.google, config.github, config.discord]).toEqual([true, true, false])
    expect(JSON.stringify(config)).not.toContain(google.clientSecret)

    const other = await serverWith(oauthSection(), { google: false })
    const off = await other.request('/api/v1/oauth/init', {
      body: { provider: 'google', redirect_to: REDIRECT_TO, code_challenge: s256(b64()), state_code: b64() },
    })
    expect(off.status).toBe(403)
    await other.close()
  })
})

describe('callback and authenticate against a real OIDC provider ("google")', () => {
  it('logs in with the ID token identity and hands over the provider tokens; the code works once', async () => {
    const { back, code, state, flow } = await authorize('google')
    expect(back.origin + back.pathname).toBe(REDIRECT_TO)
    expect(state).toBe(flow.state)
    expect(back.searchParams.get('foyer_oauth_provider')).toBe('google')
    const res = await authenticate({ authorization_code: code, state_code: state, code_verifier: flow.verifier, mode: 'login-or-sign-up' })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.is_new_user).toBe(true)
    expect(body.user.linkedAccounts[0]).toMatchObject({
      type: 'google_oauth',
      subject: 'google-user-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    })
    expect(body.oauth_tokens).toMatchObject({ provider: 'google', scopes: expect.arrayContaining(['openid']) })
    expect(typeof body.oauth_tokens.access_token).toBe('string')

    const again = await authenticate({ authorization_code: code, state_code: state, code_verifier: flow.verifier })
    expect(again.status).toBe(401)
    expect((await again.json()).code).toBe('invalid_credentials')
  })

  it('takes any RFC 7636 verifier ("." and "~" too); one outside 43..128 or with another character is 400 and uses nothing', async () => {
    const verifier = `${'~.'.repeat(10)}${b64()}`
    const flow = await init('google', { code_challenge: s256(verifier) })
    const callback = await t.request(await walkProvider(flow.url), { noAppId: true })
    const back = new URL(callback.headers.get('location')!)
    const [code, state] = [back.searchParams.get('foyer_oauth_code')!, back.searchParams.get('foyer_oauth_state')!]
    for (const code_verifier of ['a'.repeat(42), 'a'.repeat(129), `${verifier.slice(0, 42)}+`]) {
      const res = await authenticate({ authorization_code: code, state_code: state, code_verifier })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'invalid_data', error: expect.stringMatching(/^code_verifier: /) })
    }
    expect((await authenticate({ authorization_code: code, state_code: state, code_verifier: verifier })).status).toBe(200)
  })

  it('the account is (provider, subject), never the e-mail', async () => {
    const first = await authorize('google')
    const a = await (await authenticate({ authorization_code: first.code, state_code: first.state, code_verifier: first.flow.verifier })).json()
    google.user = { sub: 'google-user-1', email: 'new-address@example.com', name: 'Ada' }
    const second = await authorize('google')
    const b = await (await authenticate({ authorization_code: second.code, state_code: second.state, code_verifier: second.flow.verifier })).json()
    expect(b.user.id).toBe(a.user.id)
    google.user = { sub: 'google-user-2', email: 'ada@example.com', name: 'Not Ada' }
    const third = await authorize('google')
    const c = await (await authenticate({ authorization_code: third.code, state_code: third.state, code_verifier: third.flow.verifier })).json()
    expect(c.user.id).not.toBe(a.user.id)
    google.user = { sub: 'google-user-1', email: 'ada@example.com', name: 'Ada Lovelace' }
  })

  it('a wrong state code is refused and burns the code', async () => {
    const { code, flow } = await authorize('google')
    const res = await authenticate({ authorization_code: code, state_code: b64(), code_verifier: flow.verifier })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('invalid_state')
    const retry = await authenticate({ authorization_code: code, state_code: flow.state, code_verifier: flow.verifier })
    expect(retry.status).toBe(401)
  })

  it('a verifier that does not match the challenge is refused', async () => {
    const { code, state } = await authorize('google')
    const res = await authenticate({ authorization_code: code, state_code: state, code_verifier: b64() })
    expect(res.status).toBe(401)
    expect((await res.json()).code).toBe('invalid_code_verifier')
  })

  it('an expired flow is refused', async () => {
    const { code, state, flow } = await authorize('google')
    clock += 601_000
    const res = await authenticate({ authorization_code: code, state_code: state, code_verifier: flow.verifier })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('oauth_flow_expired')
  })

  it('a replayed provider redirect and an unknown state are refused', async () => {
    const flow = await init('google')
    const path = await walkProvider(flow.url)
    expect((await t.request(path, { noAppId: true })).status).toBe(302)
    const replay = await t.request(path, { noAppId: true })
    expect(replay.status).toBe(400)
    expect((await replay.json()).code).toBe('invalid_state')
    const unknown = await t.request('/api/v1/oauth/callback?code=x&state=nope', { noAppId: true })
    expect(unknown.status).toBe(400)
  })

  it('an ID token from another issuer than configured is refused (invalid_id_token)', async () => {
    const shared = t
    t = await serverWith(oauthSection({ google: { ...google.googleConfig(), issuer: 'https://accounts.google.com' } }))
    try {
      const { code, state, flow } = await authorize('google')
      const res = await authenticate({ authorization_code: code, state_code: state, code_verifier: flow.verifier })
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('invalid_id_token')
    } finally {
      await t.close()
      t = shared
    }
  })

  it('a denial at the provider comes back as foyer_oauth_code=undefined', async () => {
    google.mode = 'deny'
    const { code, state, flow } = await authorize('google')
    expect(code).toBe('undefined')
    expect(state).toBe(flow.state)
  })

  it('authenticate bodies that are malformed are 400 invalid_data', async () => {
    for (const body of [{}, { authorization_code: 'x', state_code: b64(), code_verifier: b64() }, { authorization_code: b64(), state_code: b64(), code_verifier: 'short' }]) {
      const res = await authenticate(body)
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('invalid_data')
    }
  })

  it('no-signup refuses a new account', async () => {
    google.user = { sub: 'google-user-new', email: 'new@example.com', name: 'New' }
    const { code, state, flow } = await authorize('google')
    google.user = { sub: 'google-user-1', email: 'ada@example.com', name: 'Ada Lovelace' }
    const res = await authenticate({ authorization_code: code, state_code: state, code_verifier: flow.verifier, mode: 'no-signup' })
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('user_does_not_exist')
  })
})

describe('LINE Login v2.1 (profile endpoint; not in the spec, Privy added it)', () => {
  it('exchanges with PKCE and the channel secret, reads /v2/profile, and logs in as line_oauth with the userId as subject', async () => {
    const config = (await (await t.request(`/api/v1/apps/${t.appId}`, { method: 'GET' })).json()) as Record<string, unknown>
    expect(config.line).toBe(true)
    const { code, state, flow } = await authorize('line')
    const sent = line.tokenRequests.at(-1)!
    expect([sent.get('client_secret'), sent.get('grant_type')]).toEqual([line.clientSecret, 'authorization_code'])
    expect(sent.get('code_verifier')).toMatch(/^[\w-]{43,}$/)
    const body = await (await authenticate({ authorization_code: code, state_code: state, code_verifier: flow.verifier })).json()
    expect(body.user.linkedAccounts[0]).toMatchObject({ type: 'line_oauth', subject: line.user.userId, name: 'Line User' })
  })
})

describe('a plain OAuth 2.0 provider with userinfo ("github")', () => {
  it('exchanges with PKCE and the client secret, reads /user, and logs in', async () => {
    const { code, state, flow } = await authorize('github')
    const sent = github.tokenRequests.at(-1)!
    expect(sent.get('client_secret')).toBe(github.clientSecret)
    expect(sent.get('code_verifier')).toMatch(/^[\w-]{43,}$/)
    const body = await (await authenticate({ authorization_code: code, state_code: state, code_verifier: flow.verifier })).json()
    expect(body.user.linkedAccounts[0]).toMatchObject({ type: 'github_oauth', subject: '4242', username: 'octo', name: 'Octo Cat', email: null })
    expect(body.oauth_tokens.scopes).toEqual(['read:user', 'user:email'])
  })

  it("the provider's rate limit and a suspended account come back with the spec's texts", async () => {
    github.mode = 'rate_limit'
    let f = await authorize('github')
    let res = await authenticate({ authorization_code: f.code, state_code: f.state, code_verifier: f.flow.verifier })
    expect(res.status).toBe(429)
    expect((await res.json()).error).toBe('Request limit reached for GitHub. Please wait a moment and try again.')
    github.mode = 'suspended'
    f = await authorize('github')
    res = await authenticate({ authorization_code: f.code, state_code: f.state, code_verifier: f.flow.verifier })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ code: 'oauth_account_suspended', error: 'Your GitHub account is suspended. Please try another login method.' })
  })

  it('link (bearer) adds the account to the current user; unlink removes it; a second account of the type is refused', async () => {
    const session = await t.login('linker@example.com')
    github.user = { id: 7777, login: 'linker', name: null, email: null }
    let f = await authorize('github')
    const linked = await t.request('/api/v1/oauth/link', {
      token: session.token!,
      body: { authorization_code: f.code, state_code: f.state, code_verifier: f.flow.verifier },
    })
    expect(linked.status).toBe(200)
    const { user } = await linked.json()
    expect(user.id).toBe(session.user.id)
    expect(user.linkedAccounts.map((a: { type: string }) => a.type)).toEqual(['email', 'github_oauth'])

    github.user = { id: 5555, login: 'other', name: null, email: null }
    f = await authorize('github')
    const second = await t.request('/api/v1/oauth/link', {
      token: session.token!,
      body: { authorization_code: f.code, state_code: f.state, code_verifier: f.flow.verifier },
    })
    expect(second.status).toBe(400)
    expect((await second.json()).code).toBe('cannot_link_more_of_type')
    github.user = { id: 4242, login: 'octo', name: 'Octo Cat', email: null }

    const unlinked = await t.request('/api/v1/oauth/unlink', { token: session.token!, body: { provider: 'github', subject: '7777' } })
    expect(unlinked.status).toBe(200)
    expect((await unlinked.json()).linkedAccounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    expect((await t.request('/api/v1/oauth/unlink', { body: { provider: 'github', subject: '4242' } })).status).toBe(401)
    const bad = await t.request('/api/v1/oauth/unlink', { token: session.token!, body: { provider: 'nope', subject: '1' } })
    expect(bad.status).toBe(400)
  })
})
