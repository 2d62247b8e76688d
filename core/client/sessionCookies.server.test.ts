import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN } from '../../test/kit/createTestServer.js'
import type { TestServer } from '../../test/kit/createTestServer.js'
import { createFoyer } from './createFoyer.js'
import { sessionKeys } from './session.js'
import { createMemoryStorage } from './storage.js'
import type { FoyerStorage } from './types.js'

let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ accessTokenTtlSeconds: 60, app: { session_cookies: { secure: false } } })
})
afterAll(() => t.close())

const keys = sessionKeys(TEST_APP_ID)

/** A browser's cookie jar for the in-process server: honours Path and Max-Age=0, like a browser would. */
function browser() {
  const jar = new Map<string, { value: string; path: string }>()
  const calls: { path: string; body: unknown }[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    request.headers.set('origin', TEST_ORIGIN)
    const cookie = [...jar].filter(([, c]) => path.startsWith(c.path)).map(([n, c]) => `${n}=${c.value}`).join('; ')
    if (cookie) request.headers.set('cookie', cookie)
    const res = await t.server.app.request(request)
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim())
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
      const pathAttr = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/'
      if (attrs.some((a) => a.toLowerCase() === 'max-age=0')) jar.delete(name)
      else jar.set(name, { value, path: pathAttr })
    }
    return res
  }) as typeof globalThis.fetch
  return { jar, calls, fetch }
}

const kernel = (b: ReturnType<typeof browser>, storage: FoyerStorage = createMemoryStorage()) =>
  createFoyer({ appId: TEST_APP_ID, apiUrl: 'http://foyer.test', storage, fetch: b.fetch })

/** Signs in through the kernel's own call path (e-mail plugin routes), as the modal would. */
async function signIn(b: ReturnType<typeof browser>, foyer: ReturnType<typeof kernel>, email: string) {
  await b.fetch('http://foyer.test/api/v1/passwordless/init', {
    method: 'POST',
    headers: { 'foyer-app-id': TEST_APP_ID, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  const code = await t.lastCode(email)
  const res = await b.fetch('http://foyer.test/api/v1/passwordless/authenticate', {
    method: 'POST',
    headers: { 'foyer-app-id': TEST_APP_ID, 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  })
  foyer.session.handleTokenResponse(await res.json())
}

describe('client session in cookie mode (in-process server)', () => {
  it('stores no refresh token, refreshes with {} through the cookie, and logs out with {}', async () => {
    const b = browser()
    const storage = createMemoryStorage()
    const foyer = kernel(b, storage)
    await signIn(b, foyer, 'client.cookie@example.com')
    expect(foyer.$session.value.status).toBe('authenticated')
    expect(storage.get(keys.refreshToken)).toBeNull()
    expect(storage.get(keys.cookieSession)).toBe('1')
    expect(b.jar.get('foyer-refresh-token')?.path).toBe('/api/v1/sessions')
    const firstRefreshCookie = b.jar.get('foyer-refresh-token')!.value

    await foyer.session.refresh()
    const refreshCall = b.calls.filter((c) => c.path === '/api/v1/sessions').at(-1)
    expect(refreshCall?.body).toEqual({})
    expect(b.jar.get('foyer-refresh-token')!.value).not.toBe(firstRefreshCookie)
    expect(storage.get(keys.refreshToken)).toBeNull()
    expect(await foyer.session.getAccessToken()).toBe(b.jar.get('foyer-token')!.value)

    await foyer.session.logout()
    expect(b.calls.at(-1)).toEqual({ path: '/api/v1/sessions/logout', body: {} })
    expect(foyer.$session.value.status).toBe('unauthenticated')
    expect(storage.get(keys.cookieSession)).toBeNull()
    expect([...b.jar.keys()]).toEqual([])
  })

  it('a new page (same storage) restores through the refresh cookie when the access token is gone', async () => {
    const b = browser()
    const storage = createMemoryStorage()
    await signIn(b, kernel(b, storage), 'client.restore@example.com')
    storage.remove(keys.token)
    const page = kernel(b, storage)
    await page.init()
    expect(page.$session.value.status).toBe('authenticated')
    expect(page.$session.value.user?.email?.address).toBe('client.restore@example.com')
    expect(page.$config.value?.server.session_cookies_enabled).toBe(true)
    expect(b.calls.filter((c) => c.path === '/api/v1/sessions').map((c) => c.body)).toEqual([{}])
  })

  it('parallel token requests make one refresh (single flight)', async () => {
    const b = browser()
    const storage = createMemoryStorage()
    const foyer = kernel(b, storage)
    await signIn(b, foyer, 'client.flight@example.com')
    await Promise.all([foyer.session.refresh(), foyer.session.refresh(), foyer.session.refresh()])
    expect(b.calls.filter((c) => c.path === '/api/v1/sessions')).toHaveLength(1)
    expect(foyer.$session.value.status).toBe('authenticated')
  })

  it('a refused cookie refresh (session ended elsewhere) clears local state and the cookies', async () => {
    const b = browser()
    const storage = createMemoryStorage()
    const foyer = kernel(b, storage)
    await signIn(b, foyer, 'client.ended@example.com')
    // Logged out from another device/tab: the server session is revoked, this page still holds cookies.
    const other = browser()
    for (const [n, c] of b.jar) other.jar.set(n, c)
    await other.fetch('http://foyer.test/api/v1/sessions/logout', {
      method: 'POST',
      headers: { 'foyer-app-id': TEST_APP_ID, 'content-type': 'application/json' },
      body: '{}',
    })
    await foyer.session.refresh()
    expect(foyer.$session.value.status).toBe('unauthenticated')
    expect(storage.get(keys.cookieSession)).toBeNull()
    expect(b.jar.has('foyer-refresh-token')).toBe(false)
  })

  it('fork sends {} and answers the forked token; without any session nothing is sent', async () => {
    const b = browser()
    const foyer = kernel(b)
    await signIn(b, foyer, 'client.fork@example.com')
    const forked = await foyer.session.fork()
    expect(forked.length).toBeGreaterThanOrEqual(43)
    expect(b.calls.at(-1)).toEqual({ path: '/api/v1/sessions/fork', body: {} })

    const empty = browser()
    const none = kernel(empty)
    expect(await none.session.getAccessToken()).toBeNull()
    await none.session.logout()
    expect(empty.calls).toEqual([])
  })

  it('two tabs (shared storage and cookies) rotate once under the cross-tab lock and end with the same token', async () => {
    // A Web Locks stand-in with the API's semantics: exclusive, FIFO, per name.
    const queues = new Map<string, Promise<unknown>>()
    const locks = {
      request: (name: string, _opts: unknown, fn: () => Promise<unknown>) => {
        const next = (queues.get(name) ?? Promise.resolve()).then(fn, fn)
        queues.set(name, next.catch(() => {}))
        return next
      },
    }
    vi.stubGlobal('navigator', { locks })
    try {
      const b = browser()
      const storage = createMemoryStorage()
      const tab1 = kernel(b, storage)
      await signIn(b, tab1, 'client.tabs@example.com')
      const tab2 = kernel(b, storage)
      await tab2.init()
      expect(tab2.$session.value.status).toBe('authenticated')
      // Both tabs' access tokens expire (cleared from memory and storage as an expiry would make them useless).
      const stale = storage.get(keys.token)!
      const [h, p, sig] = stale.split('.')
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
      const expired = `${h}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp - 3600 })).toString('base64url')}.${sig}`
      for (const tab of [tab1, tab2]) tab.session.handleTokenResponse({ user: tab.$session.value.user as never, token: expired, refresh_token: null, session_update_action: 'ignore' })
      storage.set(keys.token, expired)
      const before = b.calls.filter((c) => c.path === '/api/v1/sessions').length
      const [x, y] = await Promise.all([tab1.session.getAccessToken(), tab2.session.getAccessToken()])
      expect(b.calls.filter((c) => c.path === '/api/v1/sessions').length - before).toBe(1)
      expect(x).toBeTruthy()
      expect(x).toBe(y)
      expect(x).toBe(b.jar.get('foyer-token')!.value)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
