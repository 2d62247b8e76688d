import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Foyer } from '../../core/client/types.js'
import { startCrossAppAuth } from './crossAppAuth.js'
import { crossAppErrorTexts } from './crossAppErrors.js'
import { createCrossAppState, type CrossAppPluginState } from './crossAppState.js'
import { crossAppTarget } from './crossAppTarget.js'
import { crossAppRequest } from './crossAppTransact.js'
import { crossAppMessages, type CrossAppConnection } from './schema.js'
import { waitForProvider } from './waitForProvider.js'

const PROVIDER = 'foyer_provider_app_000001'
const PROVIDER_ORIGIN = 'http://localhost:7001'
const ADDRESS = '0x00000000000000000000000000000000000000aa'

/** A window stand-in: message events, and a popup whose location and closing the test controls. */
function fakeWindows() {
  const win = new EventTarget() as EventTarget & { location: { origin: string } }
  win.location = { origin: 'http://localhost:6001' }
  const popup = { closed: false, location: { href: 'about:blank' }, close: vi.fn(() => (popup.closed = true)) }
  const post = (data: unknown, origin = PROVIDER_ORIGIN, source: unknown = popup) =>
    win.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))
  return { win: win as unknown as Window, popup, post }
}

/** A kernel stand-in with the plugin's state: storage in a Map, `call` answered by `answer`, the user given. */
function fakeFoyer(answer: (id: string, input: any) => unknown, user: unknown = null, connections: CrossAppConnection[] = [connection()]) {
  const store = new Map<string, string>()
  let state: CrossAppPluginState
  const foyer = {
    appId: 'foyer_requester_app_00001',
    storage: { get: (k: string) => store.get(k) ?? null, set: (k: string, v: string) => void store.set(k, v), remove: (k: string) => void store.delete(k) },
    emitter: { on: () => () => {} },
    $session: { peek: () => ({ user }) },
    call: vi.fn(async (id: string, input: unknown) => answer(id, input)),
    track: vi.fn(),
    completeAuth: vi.fn(async (response: any) => ({ user: response.user })),
    pluginState: () => state,
  } as unknown as Foyer & { track: ReturnType<typeof vi.fn>; call: ReturnType<typeof vi.fn> }
  state = createCrossAppState(foyer, async () => ({ connections }))
  return { foyer, state }
}

const connection = (over: Partial<CrossAppConnection> = {}): CrossAppConnection => ({
  provider_app_id: PROVIDER,
  provider_app_name: 'Provider App',
  provider_app_icon_url: null,
  provider_app_custom_api_url: PROVIDER_ORIGIN,
  read_only: false,
  ...over,
})
const crossAppUser = { id: 'u1', linkedAccounts: [{ type: 'cross_app', providerApp: { id: PROVIDER }, embeddedWallets: [{ address: ADDRESS }], smartWallets: [] }] }
// One expiry for the file: computed per call, two tokens made across a second's boundary differed by one.
const EXPIRES_AT = Math.floor(Date.now() / 1000) + 3600
const token = (readOnly = false) => ({ provider_app_id: PROVIDER, token: 'tok_aaaaaaaaaaaaaaaaaaaa', expires_at: EXPIRES_AT, read_only: readOnly })

afterEach(() => vi.useRealTimers())

describe('waitForProvider (§4)', () => {
  const options = { timeoutError: () => new Error('timeout') as any, closedError: () => new Error('closed') as any }

  it('ignores messages from another origin or another window, takes the popup’s and then closes the popup', async () => {
    const { win, popup, post } = fakeWindows()
    const answer = waitForProvider(popup as unknown as Window, { ...options, origin: PROVIDER_ORIGIN, win, accept: (d) => (d.type === 'ok' ? d.value : undefined) })
    post({ type: 'ok', value: 'forged' }, 'http://evil.example')
    post({ type: 'ok', value: 'forged' }, PROVIDER_ORIGIN, {})
    expect(popup.close).not.toHaveBeenCalled()
    post({ type: 'ok', value: 'real' })
    await expect(answer).resolves.toBe('real')
    // The provider page leaves its closing to the requester once answered (a self-close raced its own message).
    expect(popup.close).toHaveBeenCalledTimes(1)
  })

  it('rejects when the popup closes (300 ms poll), and times out after 120 000 ms, closing the popup', async () => {
    vi.useFakeTimers()
    const first = fakeWindows()
    const closed = waitForProvider(first.popup as unknown as Window, { ...options, origin: PROVIDER_ORIGIN, win: first.win, accept: () => undefined })
    first.popup.closed = true
    vi.advanceTimersByTime(300)
    await expect(closed).rejects.toThrow('closed')

    const second = fakeWindows()
    const timedOut = waitForProvider(second.popup as unknown as Window, { ...options, origin: PROVIDER_ORIGIN, win: second.win, accept: () => undefined })
    vi.advanceTimersByTime(119_999)
    second.popup.closed = false
    vi.advanceTimersByTime(1)
    await expect(timedOut).rejects.toThrow('timeout')
    expect(second.popup.close).toHaveBeenCalled()
  })
})

describe('cross-app login', () => {
  it("refuses a state that isn't ours with the phishing text, and reports it to analytics", async () => {
    const { win, popup, post } = fakeWindows()
    const { foyer, state } = fakeFoyer((id) => (id === 'cross-app.authorize' ? { url: `${PROVIDER_ORIGIN}/oauth/authorize?flow=x` } : null))
    state.win = () => win
    const login = startCrossAppAuth(foyer, { providerAppId: PROVIDER, intent: 'login', popup: popup as unknown as Window })
    await vi.waitFor(() => expect(popup.location.href).toContain('/oauth/authorize'))
    post({ type: crossAppMessages.auth, code: 'c'.repeat(20), state: 'not-the-state-we-sent' })
    await expect(login).rejects.toThrow(crossAppErrorTexts.unexpectedState)
    expect(foyer.track).toHaveBeenCalledWith('cross_app_unexpected_state', { provider: PROVIDER })
    expect(foyer.call).not.toHaveBeenCalledWith('cross-app.authenticate', expect.anything(), undefined)
    expect(state.auth.peek()).toMatchObject({ status: 'error', error: crossAppErrorTexts.unexpectedState })
  })

  it("sends the code with the PKCE verifier, keeps the provider token, and refuses an app that isn't connected", async () => {
    const { win, popup, post } = fakeWindows()
    const calls: Record<string, any> = {}
    const { foyer, state } = fakeFoyer((id, input) => {
      calls[id] = input
      if (id === 'cross-app.authorize') return { url: `${PROVIDER_ORIGIN}/oauth/authorize?flow=x` }
      return { user: crossAppUser, token: 't', refresh_token: 'r', provider_access_token: token() }
    })
    state.win = () => win
    const login = startCrossAppAuth(foyer, { providerAppId: PROVIDER, intent: 'login', popup: popup as unknown as Window })
    await vi.waitFor(() => expect(popup.location.href).toContain('/oauth/authorize'))
    post({ type: crossAppMessages.auth, code: 'c'.repeat(20), state: calls['cross-app.authorize'].state_code })
    await login
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(calls['cross-app.authenticate'].code_verifier)))
    expect(Buffer.from(digest).toString('base64url')).toBe(calls['cross-app.authorize'].code_challenge)
    expect(state.token(PROVIDER)?.token).toBe(token().token)

    const other = fakeFoyer(() => null, null, [])
    other.state.win = () => win
    await expect(startCrossAppAuth(other.foyer, { providerAppId: PROVIDER, intent: 'login', popup: fakeWindows().popup as unknown as Window })).rejects.toThrow('Invalid connected app')
  })
})

describe('cross-app login failures the provider reports', () => {
  it("Cancel is 'User rejected request'; a refused flow is §8's 'issue connecting your {app} account'", async () => {
    const authorize = () => ({ url: `${PROVIDER_ORIGIN}/oauth/authorize?flow=x` })
    for (const [error, expected] of [
      [crossAppErrorTexts.rejected, crossAppErrorTexts.rejected],
      ['Invalid connected app', 'There was an issue connecting your Provider App account. Please try again.'],
    ] as const) {
      const { win, popup, post } = fakeWindows()
      const { foyer, state } = fakeFoyer((id) => (id === 'cross-app.authorize' ? authorize() : null))
      state.win = () => win
      const login = startCrossAppAuth(foyer, { providerAppId: PROVIDER, intent: 'login', popup: popup as unknown as Window })
      await vi.waitFor(() => expect(popup.location.href).toContain('/oauth/authorize'))
      post({ type: crossAppMessages.authError, error })
      await expect(login).rejects.toThrow(expected)
      expect(state.auth.peek()).toMatchObject({ status: 'error', error: expected })
    }
  })
})

describe('cross-app requests', () => {
  it('refuses an address of no cross_app account, a missing token, and a transaction against a read-only provider', () => {
    const { foyer, state } = fakeFoyer(() => null, crossAppUser)
    expect(() => crossAppTarget(foyer, '0x00000000000000000000000000000000000000bb', false)).toThrow(crossAppErrorTexts.wrongAddress)
    expect(() => crossAppTarget(foyer, ADDRESS, false)).toThrow(crossAppErrorTexts.noToken)
    state.setToken(token(true))
    expect(crossAppTarget(foyer, ADDRESS.toUpperCase().replace('0X', '0x'), false)).toEqual({ providerAppId: PROVIDER, token: token().token })
    expect(() => crossAppTarget(foyer, ADDRESS, true)).toThrow(crossAppErrorTexts.readOnly)
  })

  it("opens /oauth/transact with the token and the request, and answers the provider's result; the provider's error rejects", async () => {
    const { win, popup, post } = fakeWindows()
    const { foyer, state } = fakeFoyer(() => null, crossAppUser)
    state.win = () => win
    const target = { providerAppId: PROVIDER, token: 'tok' }
    const signed = crossAppRequest(foyer, target, { method: 'personal_sign', params: ['0x6869', ADDRESS] }, popup as unknown as Window)
    await vi.waitFor(() => expect(popup.location.href).toContain('/oauth/transact'))
    const url = new URL(popup.location.href)
    expect(url.origin).toBe(PROVIDER_ORIGIN)
    expect(url.searchParams.get('token')).toBe('tok')
    expect(JSON.parse(url.searchParams.get('request')!)).toMatchObject({ content: { request: { request: { method: 'personal_sign', params: ['0x6869', ADDRESS] } } }, callbackUrl: 'http://localhost:6001/' })
    post({ type: crossAppMessages.response, result: '0xsig' })
    await expect(signed).resolves.toBe('0xsig')

    const second = fakeWindows()
    state.win = () => second.win
    const failed = crossAppRequest(foyer, target, { method: 'personal_sign', params: ['0x6869', ADDRESS] }, second.popup as unknown as Window)
    await vi.waitFor(() => expect(second.popup.location.href).toContain('/oauth/transact'))
    second.post({ type: crossAppMessages.error, error: 'User rejected request' })
    await expect(failed).rejects.toThrow('User rejected request')
  })

  it("keeps the token the provider re-issues ('set'), and forgets a dead one ('clear') with 'Transactions require a valid token'", async () => {
    const { foyer, state } = fakeFoyer(() => null, crossAppUser)
    state.setToken(token())
    const target = { providerAppId: PROVIDER, token: token().token }
    const renewed = { ...token(), expires_at: token().expires_at + 7200 }

    const first = fakeWindows()
    state.win = () => first.win
    const signed = crossAppRequest(foyer, target, { method: 'personal_sign', params: ['0x6869', ADDRESS] }, first.popup as unknown as Window)
    await vi.waitFor(() => expect(first.popup.location.href).toContain('/oauth/transact'))
    // Another provider's token, a malformed one, or one from another origin: ignored.
    first.post({ type: crossAppMessages.token, action: 'set', token: { ...renewed, provider_app_id: 'foyer_other_app_000000001', expires_at: 1 } })
    first.post({ type: crossAppMessages.token, action: 'set', token: { token: 'x' } })
    first.post({ type: crossAppMessages.token, action: 'set', token: { ...renewed, expires_at: 2 } }, 'http://evil.example')
    first.post({ type: crossAppMessages.token, action: 'clear' }, 'http://evil.example')
    expect(state.token(PROVIDER)).toEqual(token())
    first.post({ type: crossAppMessages.token, action: 'set', token: renewed })
    first.post({ type: crossAppMessages.response, result: '0xsig' })
    await expect(signed).resolves.toBe('0xsig')
    expect(state.token(PROVIDER)).toEqual(renewed)

    const second = fakeWindows()
    state.win = () => second.win
    const refused = crossAppRequest(foyer, target, { method: 'personal_sign', params: ['0x6869', ADDRESS] }, second.popup as unknown as Window)
    await vi.waitFor(() => expect(second.popup.location.href).toContain('/oauth/transact'))
    second.post({ type: crossAppMessages.token, action: 'clear' })
    second.post({ type: crossAppMessages.error, error: crossAppErrorTexts.noToken })
    await expect(refused).rejects.toMatchObject({ shortMessage: crossAppErrorTexts.noToken, code: 'CROSS_APP_INVALID_TOKEN' })
    expect(state.token(PROVIDER)).toBeNull()
    // The next request is refused before any popup opens.
    expect(() => crossAppTarget(foyer, ADDRESS, false)).toThrow(crossAppErrorTexts.noToken)
  })
})
