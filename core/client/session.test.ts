import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from './createFoyer.js'
import { isTokenActive } from './jwt.js'
import { sessionKeys } from './session.js'
import { createMemoryStorage } from './storage.js'
import type { FoyerStorage } from './types.js'
import { testAppConfig } from '../../test/kit/renderWithFoyer.js'

const APP = 'test_app_0000000000000001'
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
const jwt = (claims: object) => `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`
const now = () => Math.floor(Date.now() / 1000)
const access = (ttl = 3600, aud = APP) => jwt({ sub: 'did:foyer:u1', aud, exp: now() + ttl, iss: 'foyer', sid: 's1' })
const user = { id: 'did:foyer:u1', createdAt: 1, linkedAccounts: [{ type: 'email', address: 'a@b.co', verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1 }], mfaMethods: [], hasAcceptedTerms: false, isGuest: false }

/** A fake API: routes by path, records calls. Rotation hands out rt-1, rt-2, ... */
function fakeApi(overrides: Record<string, (body: any) => Response | Promise<Response>> = {}) {
  const calls: { path: string; body: any }[] = []
  let generation = 0
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ path: url.pathname, body })
    const handler = overrides[url.pathname]
    if (handler) return handler(body)
    if (url.pathname === `/api/v1/apps/${APP}`) return json(testAppConfig({ id: APP }))
    if (url.pathname === '/api/v1/sessions') {
      await new Promise((r) => setTimeout(r, 5))
      generation += 1
      return json({ user, token: access(), refresh_token: `rt-${generation}`, identity_token: 'id-' + generation, session_update_action: 'set' })
    }
    if (url.pathname === '/api/v1/users/me') return json({ user })
    if (url.pathname === '/api/v1/sessions/logout') return json({ session_update_action: 'clear' })
    return json({ error: 'not found', code: 'not_found' }, 404)
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, json }
}


function kernel(api = fakeApi(), storage: FoyerStorage = createMemoryStorage()) {
  return { foyer: createFoyer({ appId: APP, apiUrl: 'http://api.test', fetch: api.fetch, storage }), api, storage, keys: sessionKeys(APP) }
}
const response = (extra: object) => ({ user, token: access(), refresh_token: 'rt-0', identity_token: 'id-0', ...extra })

afterEach(() => {
  vi.useRealTimers()
  delete (globalThis.navigator as any)?.__foyerTestLocks
})

describe('session_update_action', () => {
  it("'set' (and no action) stores refresh, access and identity tokens", () => {
    for (const action of ['set', undefined] as const) {
      const { foyer, storage, keys } = kernel()
      foyer.session.handleTokenResponse(response(action ? { session_update_action: action } : {}) as never)
      expect(storage.get(keys.refreshToken)).toBe('rt-0')
      expect(storage.get(keys.token)).toBeTruthy()
      expect(storage.get(keys.identityToken)).toBe('id-0')
      expect(foyer.$session.value.status).toBe('authenticated')
      expect(foyer.$session.value.user?.email?.address).toBe('a@b.co')
    }
  })

  it("'clear' wipes local state", () => {
    const { foyer, storage, keys } = kernel()
    foyer.session.handleTokenResponse(response({}) as never)
    foyer.session.handleTokenResponse(response({ session_update_action: 'clear' }) as never)
    expect(storage.get(keys.refreshToken)).toBeNull()
    expect(storage.get(keys.token)).toBeNull()
    expect(foyer.$session.value).toMatchObject({ status: 'unauthenticated', user: null, accessToken: null })
  })

  it("'ignore' stores only the access and identity tokens", () => {
    const { foyer, storage, keys } = kernel()
    foyer.session.handleTokenResponse(response({}) as never)
    const next = access(1800)
    foyer.session.handleTokenResponse(response({ session_update_action: 'ignore', token: next, refresh_token: 'rt-new', identity_token: 'id-new' }) as never)
    expect(storage.get(keys.refreshToken)).toBe('rt-0')
    expect(storage.get(keys.token)).toBe(next)
    expect(storage.get(keys.identityToken)).toBe('id-new')
  })

  it('a token for another audience logs the user out', () => {
    const { foyer, storage, keys } = kernel()
    foyer.session.handleTokenResponse(response({ token: access(3600, 'someone_elses_app_0000001') }) as never)
    expect(foyer.$session.value.status).toBe('unauthenticated')
    expect(storage.get(keys.refreshToken)).toBeNull()
  })
})

describe('access token expiry', () => {
  it('is active only with more than 30 s left', () => {
    expect(isTokenActive(access(31))).toBe(true)
    expect(isTokenActive(access(29))).toBe(false)
    expect(isTokenActive(null)).toBe(false)
    expect(isTokenActive('not-a-jwt')).toBe(false)
  })

  it('getAccessToken refreshes an expiring token once for concurrent callers', async () => {
    const { foyer, api } = kernel()
    foyer.session.handleTokenResponse(response({ token: access(20) }) as never)
    const tokens = await Promise.all([foyer.session.getAccessToken(), foyer.session.getAccessToken(), foyer.session.getAccessToken()])
    expect(api.calls.filter((c) => c.path === '/api/v1/sessions')).toHaveLength(1)
    expect(new Set(tokens).size).toBe(1)
    expect(isTokenActive(tokens[0]!)).toBe(true)
  })
})

describe('refresh and logout', () => {
  it('sends {refresh_token} and rotates', async () => {
    const { foyer, api, storage, keys } = kernel()
    foyer.session.handleTokenResponse(response({}) as never)
    await foyer.session.refresh()
    expect(api.calls.at(-1)).toEqual({ path: '/api/v1/sessions', body: { refresh_token: 'rt-0' } })
    expect(storage.get(keys.refreshToken)).toBe('rt-1')
  })

  it('a refresh refused for an invalid token clears local state', async () => {
    const api = fakeApi({ '/api/v1/sessions': () => new Response(JSON.stringify({ error: 'Invalid refresh token', code: 'invalid_refresh_token' }), { status: 401, headers: { 'content-type': 'application/json' } }) })
    const { foyer, storage, keys } = kernel(api)
    foyer.session.handleTokenResponse(response({}) as never)
    await foyer.session.refresh()
    expect(foyer.$session.value.status).toBe('unauthenticated')
    expect(storage.get(keys.refreshToken)).toBeNull()
  })

  it('a refresh that fails on the network keeps the session', async () => {
    const api = fakeApi({ '/api/v1/sessions': () => Promise.reject(new TypeError('fetch failed')) })
    const { foyer, storage, keys } = kernel(api)
    foyer.session.handleTokenResponse(response({}) as never)
    await expect(foyer.session.refresh()).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(storage.get(keys.refreshToken)).toBe('rt-0')
  })

  it('logout posts {refresh_token} and clears local state even when the server fails', async () => {
    const api = fakeApi({ '/api/v1/sessions/logout': () => new Response('boom', { status: 500 }) })
    const { foyer, storage, keys } = kernel(api)
    foyer.session.handleTokenResponse(response({}) as never)
    await foyer.session.logout()
    expect(api.calls.filter((c) => c.path === '/api/v1/sessions/logout')).toEqual([{ path: '/api/v1/sessions/logout', body: { refresh_token: 'rt-0' } }])
    expect(storage.get(keys.refreshToken)).toBeNull()
    expect(foyer.$session.value.status).toBe('unauthenticated')
  })
})

describe('fork and recover', () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  it('fork posts {refresh_token}, applies the rotated tokens and answers the new session token', async () => {
    const api = fakeApi({
      '/api/v1/sessions/fork': () => json({ ...response({ refresh_token: 'rt-rotated', identity_token: 'id-rotated' }), session_update_action: 'set', new_session_refresh_token: 'forked-1' }),
    })
    const { foyer, storage, keys } = kernel(api)
    foyer.session.handleTokenResponse(response({}) as never)
    expect(await foyer.session.fork()).toBe('forked-1')
    expect(api.calls.at(-1)).toEqual({ path: '/api/v1/sessions/fork', body: { refresh_token: 'rt-0' } })
    expect(storage.get(keys.refreshToken)).toBe('rt-rotated')
    expect(storage.get(keys.identityToken)).toBe('id-rotated')
    expect(foyer.$session.value.status).toBe('authenticated')
  })

  it('fork refused for an invalid token clears local state and rejects; signed out it rejects without a call', async () => {
    const api = fakeApi({ '/api/v1/sessions/fork': () => json({ error: 'Invalid or expired refresh token', code: 'invalid_refresh_token' }, 401) })
    const { foyer, storage, keys } = kernel(api)
    await expect(foyer.session.fork()).rejects.toMatchObject({ status: 401 })
    expect(api.calls).toHaveLength(0)
    foyer.session.handleTokenResponse(response({}) as never)
    await expect(foyer.session.fork()).rejects.toMatchObject({ status: 401 })
    expect(api.calls.filter((c) => c.path === '/api/v1/sessions/fork')).toHaveLength(1)
    expect(storage.get(keys.refreshToken)).toBeNull()
    expect(foyer.$session.value.status).toBe('unauthenticated')
  })

  it('recover posts the forked token once and signs in with the new session', async () => {
    const api = fakeApi({ '/api/v1/sessions/fork/recover': () => json({ ...response({ refresh_token: 'rt-new-session' }), session_update_action: 'set' }) })
    const { foyer, storage, keys } = kernel(api)
    await foyer.session.recover('forked-1')
    expect(api.calls).toEqual([{ path: '/api/v1/sessions/fork/recover', body: { refresh_token: 'forked-1' } }])
    expect(storage.get(keys.refreshToken)).toBe('rt-new-session')
    expect(foyer.$session.value).toMatchObject({ status: 'authenticated', user: { id: 'did:foyer:u1' } })
  })

  it('a failed recover is not retried and leaves the current session alone', async () => {
    const api = fakeApi({ '/api/v1/sessions/fork/recover': () => json({ error: 'Invalid or expired refresh token', code: 'invalid_refresh_token' }, 401) })
    const { foyer, storage, keys } = kernel(api)
    foyer.session.handleTokenResponse(response({}) as never)
    await expect(foyer.session.recover('used')).rejects.toMatchObject({ status: 401 })
    expect(api.calls.filter((c) => c.path === '/api/v1/sessions/fork/recover')).toHaveLength(1)
    expect(storage.get(keys.refreshToken)).toBe('rt-0')
  })
})

describe('restore on page load', () => {
  it('without a refresh token: unauthenticated and ready after the config round trip', async () => {
    const { foyer, api } = kernel()
    expect(foyer.$ready.value).toBe(false)
    await foyer.init()
    expect(foyer.$ready.value).toBe(true)
    expect(foyer.$session.value.status).toBe('unauthenticated')
    expect(api.calls.map((c) => c.path)).toEqual([`/api/v1/apps/${APP}`])
  })

  it('with an active access token: reads the user without rotating', async () => {
    const storage = createMemoryStorage()
    const keys = sessionKeys(APP)
    storage.set(keys.refreshToken, 'rt-0')
    storage.set(keys.token, access())
    const { foyer, api } = kernel(fakeApi(), storage)
    await foyer.init()
    expect(foyer.$session.value.status).toBe('authenticated')
    expect(api.calls.some((c) => c.path === '/api/v1/sessions')).toBe(false)
    expect(api.calls.some((c) => c.path === '/api/v1/users/me')).toBe(true)
  })

  it('with an expired access token: refreshes', async () => {
    const storage = createMemoryStorage()
    const keys = sessionKeys(APP)
    storage.set(keys.refreshToken, 'rt-0')
    storage.set(keys.token, access(-10))
    const { foyer } = kernel(fakeApi(), storage)
    await foyer.init()
    expect(foyer.$session.value.status).toBe('authenticated')
    expect(storage.get(keys.refreshToken)).toBe('rt-1')
  })
})

describe('cross-tab single flight', () => {
  it('two tabs sharing storage rotate once and end with the same tokens', async () => {
    // A Web Locks stand-in with the API's semantics: exclusive, FIFO, per name.
    const queues = new Map<string, Promise<unknown>>()
    const locks = {
      request: (name: string, _opts: unknown, fn: () => Promise<unknown>) => {
        const prev = queues.get(name) ?? Promise.resolve()
        const next = prev.then(fn, fn)
        queues.set(name, next.catch(() => {}))
        return next
      },
    }
    vi.stubGlobal('navigator', { locks })
    try {
      const storage = createMemoryStorage()
      const api = fakeApi()
      const tab1 = kernel(api, storage)
      const tab2 = kernel(api, storage)
      tab1.foyer.session.handleTokenResponse(response({ token: access(10) }) as never)
      tab2.foyer.session.handleTokenResponse(response({ token: access(10) }) as never)
      const [a, b] = await Promise.all([tab1.foyer.session.getAccessToken(), tab2.foyer.session.getAccessToken()])
      expect(api.calls.filter((c) => c.path === '/api/v1/sessions')).toHaveLength(1)
      expect(a).toBe(b)
      expect(tab1.foyer.$session.value.status).toBe('authenticated')
      expect(tab2.foyer.$session.value.status).toBe('authenticated')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
