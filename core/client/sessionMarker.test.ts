// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testAppConfig } from '../../test/kit/renderWithFoyer.js'
import { createFoyer } from './createFoyer.js'
import { REFRESH_MARKER_COOKIE, sessionKeys } from './session.js'
import { createMemoryStorage } from './storage.js'

const APP = 'test_app_0000000000000001'
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
const access = () => `${b64({ alg: 'ES256' })}.${b64({ sub: 'did:foyer:u1', aud: APP, exp: Math.floor(Date.now() / 1000) + 3600, sid: 's1' })}.sig`
const user = { id: 'did:foyer:u1', createdAt: 1, linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: false, isGuest: false }

/** A fake API in cookie mode: refresh answers refresh_token null (the token is in the HttpOnly cookie). */
function fakeApi(refreshStatus = 200) {
  const calls: { path: string; body: unknown }[] = []
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (path === `/api/v1/apps/${APP}`) return json(testAppConfig({ id: APP, session_cookies_enabled: true }))
    if (path === '/api/v1/sessions') {
      return refreshStatus === 200
        ? json({ user, token: access(), refresh_token: null, identity_token: 'id', session_update_action: 'set' })
        : json({ error: 'Invalid or expired refresh token', code: 'invalid_refresh_token' }, refreshStatus)
    }
    return json({ error: 'not found', code: 'not_found' }, 404)
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

const clearMarker = () => (document.cookie = `${REFRESH_MARKER_COOKIE}=; path=/; max-age=0`)
afterEach(clearMarker)

describe('restore in cookie mode, driven by the refresh marker', () => {
  it('a marker and no local tokens (signed in on another subdomain): one refresh with {} restores the session', async () => {
    document.cookie = `${REFRESH_MARKER_COOKIE}=t; path=/`
    const api = fakeApi()
    const storage = createMemoryStorage()
    const foyer = createFoyer({ appId: APP, apiUrl: 'http://api.test', fetch: api.fetch, storage })
    await foyer.init()
    expect(api.calls.filter((c) => c.path === '/api/v1/sessions')).toEqual([{ path: '/api/v1/sessions', body: {} }])
    expect(foyer.$session.value.status).toBe('authenticated')
    expect(storage.get(sessionKeys(APP).refreshToken)).toBeNull()
    expect(storage.get(sessionKeys(APP).cookieSession)).toBe('1')
    expect(document.cookie).toContain(`${REFRESH_MARKER_COOKIE}=t`)
  })

  it('no marker: no refresh request at all', async () => {
    const api = fakeApi()
    const foyer = createFoyer({ appId: APP, apiUrl: 'http://api.test', fetch: api.fetch, storage: createMemoryStorage() })
    await foyer.init()
    expect(api.calls.map((c) => c.path)).not.toContain('/api/v1/sessions')
    expect(foyer.$session.value.status).toBe('unauthenticated')
  })

  it('a stale marker: the refused refresh clears it, so the next load sends nothing', async () => {
    document.cookie = `${REFRESH_MARKER_COOKIE}=t; path=/`
    const api = fakeApi(401)
    const storage = createMemoryStorage()
    await createFoyer({ appId: APP, apiUrl: 'http://api.test', fetch: api.fetch, storage }).init()
    expect(document.cookie).not.toContain(`${REFRESH_MARKER_COOKIE}=t`)
    expect(storage.get(sessionKeys(APP).cookieSession)).toBeNull()
    const again = fakeApi()
    await createFoyer({ appId: APP, apiUrl: 'http://api.test', fetch: again.fetch, storage }).init()
    expect(again.calls.map((c) => c.path)).not.toContain('/api/v1/sessions')
  })
})
