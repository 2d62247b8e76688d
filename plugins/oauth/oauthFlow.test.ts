// @vitest-environment happy-dom
import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../core/client/createFoyer.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import type { Foyer } from '../../core/client/types.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID, type RouteHandler } from '../../test/kit/renderWithFoyer.js'
import { oauth } from './index.js'
import { finishOAuth, flowStorageKey, getOAuthState, handleOAuthReturn, startOAuth, waitForPopupMessage } from './oauthFlow.js'

const user = (accounts: unknown[] = []) => ({ id: 'did:foyer:1', createdAt: 1, linkedAccounts: accounts, mfaMethods: [], hasAcceptedTerms: false, isGuest: false })
const googleAccount = { type: 'google_oauth', subject: 'g-1', email: 'a@example.com', verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1 }
const tokenResponse = {
  user: user([googleAccount]),
  token: 'header.eyJzdWIiOiJkaWQ6Zm95ZXI6MSIsImF1ZCI6ImZveWVyX3Rlc3RfYXBwXzAwMDAwMDAwMDEiLCJleHAiOjk5OTk5OTk5OTl9.sig',
  refresh_token: 'r',
  identity_token: null,
  is_new_user: true,
  session_update_action: 'set',
  oauth_tokens: { provider: 'google', access_token: 'provider-access', scopes: ['openid'] },
}

let foyers: Foyer[] = []
afterEach(() => {
  for (const f of foyers) f.destroy()
  foyers = []
})

function kernel(routes: Record<string, RouteHandler> = {}) {
  const handler = handlerFetch({
    '/api/v1/oauth/init': () => ({ url: 'https://provider.example/auth?x=1' }),
    '/api/v1/oauth/authenticate': () => tokenResponse,
    '/api/v1/analytics_events': () => ({ success: true }),
    ...routes,
  })
  const foyer = createFoyer({ appId: KIT_APP_ID, apiUrl: KIT_API_URL, plugins: [oauth()], fetch: handler.fetch, storage: createMemoryStorage() })
  foyers.push(foyer)
  return { foyer, requests: handler.requests }
}

/** A window stand-in: where the tab goes, which popups open. */
function fakeWindow(options: { popup?: unknown; userAgent?: string } = {}) {
  return {
    location: { origin: 'http://localhost:5173', pathname: '/', href: 'http://localhost:5173/', assign: vi.fn() },
    navigator: { userAgent: options.userAgent ?? 'Mozilla/5.0 Chrome/130' },
    open: vi.fn(() => options.popup ?? null),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  } as unknown as Window & { location: { assign: ReturnType<typeof vi.fn> }; open: ReturnType<typeof vi.fn> }
}

const stored = (foyer: Foyer) => JSON.parse(foyer.storage.get(flowStorageKey(foyer)) ?? 'null')

describe('startOAuth', () => {
  it('sends 36-byte state and an S256 challenge of a stored 36-byte verifier, then redirects', async () => {
    const { foyer, requests } = kernel()
    const win = fakeWindow()
    expect(await startOAuth(foyer, { provider: 'google', win })).toBeNull()
    const body = requests.find((r) => r.path === '/api/v1/oauth/init')!.body
    const flow = stored(foyer)
    expect(flow.verifier).toMatch(/^[\w-]{48}$/)
    expect(body.state_code).toBe(flow.state)
    expect(body.state_code).toMatch(/^[\w-]{48}$/)
    expect(body.code_challenge).toBe(createHash('sha256').update(flow.verifier).digest('base64url'))
    expect(body).toMatchObject({ provider: 'google', redirect_to: 'http://localhost:5173/', token: null })
    expect(win.location.assign).toHaveBeenCalledWith('https://provider.example/auth?x=1')
    expect(getOAuthState(foyer).status).toBe('loading')
  })

  it('a popup blocked by the browser falls back to the redirect flow', async () => {
    const { foyer } = kernel()
    const win = fakeWindow({ popup: null })
    await startOAuth(foyer, { provider: 'github', flow: 'popup', win })
    expect(win.open).toHaveBeenCalledOnce()
    expect(win.location.assign).toHaveBeenCalledWith('https://provider.example/auth?x=1')
  })

  it('refuses Google inside an in-app browser without calling the server', async () => {
    const { foyer, requests } = kernel()
    const win = fakeWindow({ userAgent: 'Mozilla/5.0 (iPhone) Instagram 300.0' })
    await expect(startOAuth(foyer, { provider: 'google', win })).rejects.toMatchObject({ code: 'OAUTH_IN_APP_BROWSER', shortMessage: 'Could not log in with provider' })
    expect(requests.some((r) => r.path === '/api/v1/oauth/init')).toBe(false)
    // Other providers still work there.
    await startOAuth(foyer, { provider: 'github', win })
    expect(win.location.assign).toHaveBeenCalled()
  })

  it('a failed init deletes the stored verifier', async () => {
    const { foyer } = kernel({
      '/api/v1/oauth/init': () => new Response(JSON.stringify({ error: 'redirect_to is not allowed', code: 'invalid_redirect_to' }), { status: 400, headers: { 'content-type': 'application/json' } }),
    })
    await expect(startOAuth(foyer, { provider: 'google', win: fakeWindow() })).rejects.toMatchObject({ code: 'INVALID_REDIRECT_TO' })
    expect(foyer.storage.get(flowStorageKey(foyer))).toBeNull()
    expect(getOAuthState(foyer).status).toBe('error')
  })
})

describe('finishOAuth', () => {
  const begin = async (foyer: Foyer) => {
    await startOAuth(foyer, { provider: 'google', win: fakeWindow() })
    return stored(foyer) as { state: string; verifier: string }
  }

  it("'undefined' as the code is the user's denial (OAUTH_USER_DENIED) and clears the flow", async () => {
    const { foyer, requests } = kernel()
    const flow = await begin(foyer)
    await expect(finishOAuth(foyer, { code: 'undefined', state: flow.state, provider: 'google' })).rejects.toMatchObject({
      code: 'OAUTH_USER_DENIED',
      shortMessage: 'Invalid code during oauth flow',
    })
    expect(foyer.storage.get(flowStorageKey(foyer))).toBeNull()
    expect(requests.some((r) => r.path === '/api/v1/oauth/authenticate')).toBe(false)
  })

  it("a missing stored verifier is 'Authentication error'", async () => {
    const { foyer } = kernel()
    await expect(finishOAuth(foyer, { code: 'abcdefghijklmnopqrstuvwxyz', state: 'x'.repeat(48), provider: 'google' })).rejects.toMatchObject({
      shortMessage: 'Authentication error',
    })
  })

  it('a state that is not the stored one is refused as phishing and reported to analytics', async () => {
    const { foyer, requests } = kernel()
    await begin(foyer)
    await expect(finishOAuth(foyer, { code: 'abcdefghijklmnopqrstuvwxyz', state: 'y'.repeat(48), provider: 'google' })).rejects.toMatchObject({
      code: 'OAUTH_UNEXPECTED',
      shortMessage: 'Unexpected auth flow. This may be a phishing attempt.',
    })
    await vi.waitFor(() => expect(requests.find((r) => r.path === '/api/v1/analytics_events')?.body.event_name).toBe('oauth_unexpected_state'))
    expect(requests.some((r) => r.path === '/api/v1/oauth/authenticate')).toBe(false)
  })

  it('redeems the code with the stored verifier, signs in, and hands the provider tokens to the host', async () => {
    const { foyer, requests } = kernel()
    await foyer.init()
    const flow = await begin(foyer)
    const result = await finishOAuth(foyer, { code: 'abcdefghijklmnopqrstuvwxyz', state: flow.state, provider: 'google' })
    expect(requests.find((r) => r.path === '/api/v1/oauth/authenticate')!.body).toEqual({
      authorization_code: 'abcdefghijklmnopqrstuvwxyz',
      state_code: flow.state,
      code_verifier: flow.verifier,
      mode: 'login-or-sign-up',
    })
    expect(result.oAuthTokens).toMatchObject({ provider: 'google', access_token: 'provider-access' })
    expect(result.loginMethod).toBe('google')
    expect(result.loginAccount).toMatchObject({ type: 'google_oauth', subject: 'g-1' })
    expect(foyer.$session.peek().status).toBe('authenticated')
    expect(foyer.storage.get(flowStorageKey(foyer))).toBeNull()
    expect(getOAuthState(foyer).status).toBe('done')
  })
})

describe('popup messages', () => {
  it('only the exact origin AND the popup we opened are heard', async () => {
    const popup = { closed: false } as unknown as Window
    const stranger = { closed: false } as unknown as Window
    const waiting = waitForPopupMessage(popup, 'http://localhost:5173', window)
    let settled = false
    void waiting.then(() => (settled = true))
    const data = { type: 'FOYER_OAUTH_RESPONSE', stateCode: 's', authorizationCode: 'c' }
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'http://evil.example', source: popup as never }))
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'http://localhost:5173', source: stranger as never }))
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'http://localhost:5173', source: popup as never }))
    await expect(waiting).resolves.toEqual({ stateCode: 's', authorizationCode: 'c' })
  })

  it('FOYER_OAUTH_ERROR and a popup closed without answering are the popup error', async () => {
    const popup = { closed: false } as { closed: boolean }
    const waiting = waitForPopupMessage(popup as unknown as Window, 'http://localhost:5173', window)
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'FOYER_OAUTH_ERROR' }, origin: 'http://localhost:5173', source: popup as never }))
    await expect(waiting).rejects.toMatchObject({ shortMessage: 'Something went wrong. Try again.' })
    const closing = waitForPopupMessage(popup as unknown as Window, 'http://localhost:5173', window)
    popup.closed = true
    await expect(closing).rejects.toMatchObject({ code: 'OAUTH_POPUP_FAILED' })
  })

  it('a returning popup posts to its same-origin opener with the exact origin, strips the URL and closes', () => {
    const { foyer } = kernel()
    const opener = { closed: false, location: { origin: 'http://localhost:5173' }, postMessage: vi.fn() }
    const child = {
      opener,
      location: { origin: 'http://localhost:5173', href: 'http://localhost:5173/?a=1&foyer_oauth_code=C0DE&foyer_oauth_state=ST&foyer_oauth_provider=google' },
      history: { state: null, replaceState: vi.fn() },
      close: vi.fn(),
    }
    handleOAuthReturn(foyer, child as unknown as Window)
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'FOYER_OAUTH_RESPONSE', stateCode: 'ST', authorizationCode: 'C0DE' }, 'http://localhost:5173')
    expect(child.history.replaceState).toHaveBeenCalledWith(null, '', 'http://localhost:5173/?a=1')
    expect(child.close).toHaveBeenCalled()
  })
})
