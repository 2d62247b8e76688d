import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { emailServer } from '../email/server.js'
import { crossAppServer } from './server.js'

const P = TEST_APP_ID
const R = 'foyer_requester_app_00001'
const OTHER = 'foyer_other_app_000000001'
const R_ORIGIN = 'http://localhost:6001'
const rand = () => randomBytes(32).toString('base64url')
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url')

describe('cross-app server', () => {
  let t: TestServer
  let providerToken = ''
  let providerUserId = ''
  const WALLET = `0x${randomBytes(20).toString('hex')}`

  beforeAll(async () => {
    t = await createTestServer({
      plugins: [emailServer(), crossAppServer()],
      apps: [
        { id: P, name: 'Provider App', allowed_origins: [TEST_ORIGIN], email_auth: true, 'cross-app': { requesters: [{ app_id: R, origins: [R_ORIGIN] }], provider_url: 'http://localhost:5173/' } },
        { id: R, name: 'Requester App', allowed_origins: [R_ORIGIN], email_auth: true },
        { id: OTHER, name: 'Other App', allowed_origins: ['http://localhost:6002'] },
      ],
    })
    const login = await t.login('provider-user@example.com')
    providerToken = login.token!
    providerUserId = login.user.id
    await t.server.ctx.accounts.link(providerUserId, { type: 'wallet', identifier: WALLET, data: { address: WALLET, chainType: 'ethereum', walletClientType: 'privy', connectorType: 'embedded' } })
  })
  afterAll(() => t.close())

  const as = (appId: string, path: string, body?: unknown, token?: string) =>
    t.request(path, { ...(body === undefined ? {} : { body }), headers: { 'foyer-app-id': appId }, ...(token ? { token } : {}) }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, any> }))

  /** authorize (R) → consent (P user) → the code, the state and the verifier. */
  async function authorized(requester = R, asProvider = () => providerToken, verifier = rand()) {
    const state = rand()
    const start = await as(requester, '/api/v1/cross-app/authorize', { provider: P, redirect_to: `${R_ORIGIN}/`, code_challenge: s256(verifier), state_code: state })
    expect(start.status).toBe(200)
    const url = new URL(start.body.url)
    expect(url.origin + url.pathname).toBe('http://localhost:5173/oauth/authorize')
    const flow = url.searchParams.get('flow')!
    const described = await as(P, '/api/v1/cross-app/flow', { flow_id: flow })
    expect(described.body).toEqual({ requester_app_id: R, requester_app_name: 'Requester App', requester_origin: R_ORIGIN })
    const consent = await as(P, '/api/v1/cross-app/consent', { flow_id: flow }, asProvider())
    expect(consent.status).toBe(200)
    expect(consent.body.state_code).toBe(state)
    return { code: consent.body.authorization_code as string, state, verifier }
  }

  it('lists the providers that name the requester, with their page URL and read-only flag', async () => {
    const res = await as(R, `/api/v1/apps/${R}/cross-app/connections`)
    expect(res.body).toEqual({ connections: [{ provider_app_id: P, provider_app_name: 'Provider App', provider_app_icon_url: null, provider_app_custom_api_url: 'http://localhost:5173', read_only: false }] })
    expect((await as(OTHER, `/api/v1/apps/${OTHER}/cross-app/connections`)).body).toEqual({ connections: [] })
    expect((await as(R, '/api/v1/cross-app/connections')).body).toEqual(res.body)
    expect((await as(OTHER, `/api/v1/apps/${R}/cross-app/connections`)).status).toBe(400)
  })

  it('refuses an app the provider does not list, and a redirect outside the registered origins', async () => {
    const body = { provider: P, redirect_to: `${R_ORIGIN}/`, code_challenge: rand(), state_code: rand() }
    const other = await as(OTHER, '/api/v1/cross-app/authorize', body)
    expect(other).toMatchObject({ status: 400, body: { code: 'invalid_connected_app', error: 'Invalid connected app' } })
    const redirect = await as(R, '/api/v1/cross-app/authorize', { ...body, redirect_to: 'http://evil.example/' })
    expect(redirect.body.code).toBe('cross_app_invalid_redirect')
  })

  it("logs in with the provider account: a cross_app account with the provider's wallet and a provider token", async () => {
    const { code, state, verifier } = await authorized()
    const res = await as(R, '/api/v1/cross-app/authenticate', { authorization_code: code, state_code: state, code_verifier: verifier, provider: P })
    expect(res.status).toBe(200)
    const account = res.body.user.linkedAccounts.find((a: any) => a.type === 'cross_app')
    expect(account).toMatchObject({ subject: providerUserId, providerApp: { id: P }, embeddedWallets: [{ address: WALLET }], smartWallets: [] })
    expect(res.body.provider_access_token).toMatchObject({ provider_app_id: P, read_only: false })
    expect(res.body.token).toEqual(expect.any(String))

    // The provider's page accepts the token for its signed-in user, and names the requester's origins.
    const verified = await as(P, '/api/v1/cross-app/verify-token', { token: res.body.provider_access_token.token }, providerToken)
    expect(verified.body).toEqual({ requester_app_id: R, requester_app_name: 'Requester App', requester_origins: [R_ORIGIN], read_only: false, expires_at: expect.any(Number) })
    // Verifying re-issued it for another lifetime (the page posts the new expiry to the requester: token 'set').
    expect(verified.body.expires_at).toBeGreaterThanOrEqual(res.body.provider_access_token.expires_at)
    // ...not another user's (the refusal names the requester so the page can answer it, but the token stays: no clear)...
    const other = await t.login('someone-else@example.com')
    const foreign = await as(P, '/api/v1/cross-app/verify-token', { token: res.body.provider_access_token.token }, other.token!)
    expect(foreign).toMatchObject({ status: 401, body: { code: 'cross_app_invalid_token', data: { requester_origins: [R_ORIGIN], clear: false } } })
    // ...and not an unknown token, whose refusal names nothing.
    const unknown = await as(P, '/api/v1/cross-app/verify-token', { token: rand() }, providerToken)
    expect(unknown.body.error).toBe('Transactions require a valid token')
    expect(unknown.body.data).toBeUndefined()

    // A used code never works again.
    const again = await as(R, '/api/v1/cross-app/authenticate', { authorization_code: code, state_code: state, code_verifier: verifier, provider: P })
    expect(again).toMatchObject({ status: 401, body: { code: 'cross_app_invalid_code' } })
  })

  it('refuses a wrong verifier (and burns the code), a wrong state, and a code redeemed by another requester', async () => {
    const first = await authorized()
    const wrong = await as(R, '/api/v1/cross-app/authenticate', { authorization_code: first.code, state_code: first.state, code_verifier: rand(), provider: P })
    expect(wrong).toMatchObject({ status: 401, body: { code: 'cross_app_invalid_verifier' } })
    const burnt = await as(R, '/api/v1/cross-app/authenticate', { authorization_code: first.code, state_code: first.state, code_verifier: first.verifier, provider: P })
    expect(burnt.body.code).toBe('cross_app_invalid_code')

    const second = await authorized()
    const state = await as(R, '/api/v1/cross-app/authenticate', { authorization_code: second.code, state_code: rand(), code_verifier: second.verifier, provider: P })
    expect(state.body).toMatchObject({ code: 'cross_app_unexpected_state', error: 'Unexpected auth flow. This may be a phishing attempt.' })

    const third = await authorized()
    const stolen = await as(OTHER, '/api/v1/cross-app/authenticate', { authorization_code: third.code, state_code: third.state, code_verifier: third.verifier, provider: P })
    expect(stolen).toMatchObject({ status: 401, body: { code: 'cross_app_invalid_code' } })
  })

  it('takes PKCE values as RFC 7636 has them: other verifiers and challenges are 400 invalid_data, and the code stays usable', async () => {
    const first = await authorized()
    for (const code_verifier of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}+`]) {
      const res = await as(R, '/api/v1/cross-app/authenticate', { authorization_code: first.code, state_code: first.state, code_verifier, provider: P })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'invalid_data', error: expect.stringMatching(/^code_verifier: /) })
    }
    expect((await as(R, '/api/v1/cross-app/authenticate', { authorization_code: first.code, state_code: first.state, code_verifier: first.verifier, provider: P })).status).toBe(200)

    const verifier = `${'~.'.repeat(40)}${'Z'.repeat(48)}` // 128 characters, the RFC's extra ones included
    for (const code_challenge of [s256(verifier).slice(0, 42), `${s256(verifier)}A`, `${s256(verifier).slice(0, 42)}+`]) {
      const res = await as(R, '/api/v1/cross-app/authorize', { provider: P, redirect_to: `${R_ORIGIN}/`, code_challenge, state_code: rand() })
      expect(res).toMatchObject({ status: 400, body: { code: 'invalid_data', error: expect.stringMatching(/^code_challenge: /) } })
    }
    const rfc = await authorized(R, () => providerToken, verifier)
    expect((await as(R, '/api/v1/cross-app/authenticate', { authorization_code: rfc.code, state_code: rfc.state, code_verifier: verifier, provider: P })).status).toBe(200)
  })

  it('links to a signed-in requester user, and unlinking ends the provider token', async () => {
    const email = 'r-user@example.com'
    await as(R, '/api/v1/passwordless/init', { email })
    const login = await as(R, '/api/v1/passwordless/authenticate', { email, code: await t.lastCode(email) })
    // A provider user not yet on R (the earlier login made R users of the first one).
    const second = await t.login('second-provider-user@example.com')
    const wallet = `0x${randomBytes(20).toString('hex')}`
    await t.server.ctx.accounts.link(second.user.id, { type: 'wallet', identifier: wallet, data: { address: wallet, chainType: 'ethereum', walletClientType: 'privy', connectorType: 'embedded' } })
    const first = await authorized(R, () => second.token!)
    const linked = await as(R, '/api/v1/cross-app/link', { authorization_code: first.code, state_code: first.state, code_verifier: first.verifier, provider: P }, login.body.token)
    expect(linked.status).toBe(200)
    expect(linked.body.user.linkedAccounts.find((a: any) => a.type === 'cross_app')).toMatchObject({ providerApp: { id: P }, subject: second.user.id, embeddedWallets: [{ address: wallet }] })
    const token = linked.body.provider_access_token.token
    expect((await as(P, '/api/v1/cross-app/verify-token', { token }, second.token!)).status).toBe(200)
    const unlinked = await as(R, '/api/v1/cross-app/unlink', { provider_app_id: P, subject: second.user.id }, login.body.token)
    expect(unlinked.body.linkedAccounts.filter((a: any) => a.type === 'cross_app')).toEqual([])
    // The revoked token's refusal tells the provider's page which requester to tell to forget it (clear), and nothing else.
    const revoked = await as(P, '/api/v1/cross-app/verify-token', { token }, second.token!)
    expect(revoked).toMatchObject({ status: 401, body: { code: 'cross_app_invalid_token', error: 'Transactions require a valid token', data: { requester_origins: [R_ORIGIN], clear: true } } })
    expect(Object.keys(revoked.body.data).sort()).toEqual(['clear', 'requester_origins'])
  })

  it("a requester the provider no longer lists: its token is refused with the origin it was issued to, and its pending flow names its origin", async () => {
    const { code, state, verifier } = await authorized()
    const res = await as(R, '/api/v1/cross-app/authenticate', { authorization_code: code, state_code: state, code_verifier: verifier, provider: P })
    const token = res.body.provider_access_token.token as string
    const pendingFlow = new URL((await as(R, '/api/v1/cross-app/authorize', { provider: P, redirect_to: `${R_ORIGIN}/`, code_challenge: rand(), state_code: rand() })).body.url).searchParams.get('flow')!
    const section = t.server.ctx.apps.get(P)!.plugins['cross-app'] as { requesters: unknown[] }
    const listed = section.requesters
    section.requesters = []
    try {
      const refused = await as(P, '/api/v1/cross-app/verify-token', { token }, providerToken)
      expect(refused).toMatchObject({ status: 401, body: { code: 'cross_app_invalid_token', data: { requester_origins: [R_ORIGIN], clear: true } } })
      const flow = await as(P, '/api/v1/cross-app/flow', { flow_id: pendingFlow })
      expect(flow).toMatchObject({ status: 400, body: { code: 'invalid_connected_app', data: { requester_origin: R_ORIGIN } } })
      const consent = await as(P, '/api/v1/cross-app/consent', { flow_id: pendingFlow }, providerToken)
      expect(consent.body).toMatchObject({ code: 'invalid_connected_app', data: { requester_origin: R_ORIGIN } })
    } finally {
      section.requesters = listed
    }
    // Listed again: the same token works (it was refused, not changed); an unknown flow names nothing.
    expect((await as(P, '/api/v1/cross-app/verify-token', { token }, providerToken)).status).toBe(200)
    const unknownFlow = await as(P, '/api/v1/cross-app/flow', { flow_id: rand() })
    expect(unknownFlow.body.code).toBe('cross_app_invalid_code')
    expect(unknownFlow.body.data).toBeUndefined()
  })

  it('refuses consent for a provider user without an embedded wallet', async () => {
    const bare = await t.login('no-wallet@example.com')
    const start = await as(R, '/api/v1/cross-app/authorize', { provider: P, redirect_to: `${R_ORIGIN}/`, code_challenge: rand(), state_code: rand() })
    const flow = new URL(start.body.url).searchParams.get('flow')!
    expect((await as(P, '/api/v1/cross-app/consent', { flow_id: flow }, bare.token!)).body).toMatchObject({ code: 'cross_app_no_wallet', data: { requester_origin: R_ORIGIN } })
  })
})
