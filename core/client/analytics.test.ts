import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../errors/index.js'
import { createFoyer } from './createFoyer.js'
import { RETRY_BASE_DELAY_MS } from './http.js'
import { definePlugin } from './plugin.js'
import { createMemoryStorage } from './storage.js'

const APP = 'test_app_0000000000000001'
const EMAIL = 'alice@example.com'
const load = async () => ({ default: () => null })
const ui = definePlugin({ id: 'foyer', kind: 'feature', screens: { landing: { load }, error: { load }, success: { load } } })
const account = { type: 'email', address: EMAIL, verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1 } as const
const user = { id: 'u', createdAt: 1, linkedAccounts: [account], mfaMethods: [], hasAcceptedTerms: false, isGuest: false }
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
const token = `${b64({})}.${b64({ aud: APP, exp: Math.floor(Date.now() / 1000) + 3600 })}.s`
const REFRESH = 'refresh-secret-123'

interface Event {
  event_name: string
  client_id: string | null
  payload: Record<string, unknown>
}

/** A kernel whose fetch records every analytics body and answers them with `status`. */
function make(status = 200) {
  const events: Event[] = []
  const raw: string[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.endsWith('/api/v1/analytics_events')) {
      raw.push(String(init?.body))
      events.push(JSON.parse(String(init?.body)) as Event)
    }
    return new Response(JSON.stringify(status === 200 ? { success: true } : { code: 'internal_error' }), { status, headers: { 'content-type': 'application/json' } })
  })
  const foyer = createFoyer({ appId: APP, apiUrl: 'http://api.test', clientId: 'c1', plugins: [ui], storage: createMemoryStorage(), fetch: fetch as never })
  const analyticsCalls = () => fetch.mock.calls.filter(([input]) => String(input).endsWith('/api/v1/analytics_events')).length
  return { foyer, events, raw, analyticsCalls }
}
const settle = () => new Promise((r) => setTimeout(r, 20))
const names = (events: Event[]) => events.map((e) => e.event_name)

describe('kernel analytics events', () => {
  it('opening and closing a login modal posts modal_opened, login_started, login_failed (exit) and modal_closed', async () => {
    const { foyer, events } = make()
    foyer.modal.open()
    foyer.modal.close()
    await settle()
    expect(names(events)).toEqual(['modal_opened', 'login_started', 'login_failed', 'modal_closed'])
    expect(events[0]).toMatchObject({ client_id: 'c1', payload: { intent: 'login', screen: 'foyer/landing', clientTimestamp: expect.any(String) } })
    expect(events[2]!.payload).toMatchObject({ code: 'EXITED_AUTH_FLOW', intent: 'login' })
    expect(events[3]!.payload).toMatchObject({ intent: 'login', completed: false, screen: 'foyer/landing' })
  })

  it('a link modal posts no login_started', async () => {
    const { foyer, events } = make()
    foyer.modal.open({ intent: 'link' })
    await settle()
    expect(names(events)).toEqual(['modal_opened'])
  })

  it('completeAuth posts login_succeeded with {loginMethod, intent, isNewUser}', async () => {
    const { foyer, events } = make()
    await foyer.completeAuth({ user, token, refresh_token: REFRESH, is_new_user: true }, { loginMethod: 'email', account, intent: 'login' })
    await settle()
    const success = events.find((e) => e.event_name === 'login_succeeded')
    expect(success?.payload).toEqual({ loginMethod: 'email', intent: 'login', isNewUser: true, clientTimestamp: expect.any(String) })
  })

  it('failAuth posts login_failed with {code, intent}', async () => {
    const { foyer, events } = make()
    foyer.emitter.on('error', () => {})
    foyer.modal.open({ intent: 'link' })
    foyer.failAuth(new ApiError('nope', { status: 409, serverCode: 'linked_to_another_user' }))
    await settle()
    const failed = events.find((e) => e.event_name === 'login_failed')
    expect(failed?.payload).toEqual({ code: expect.any(String), intent: 'link', clientTimestamp: expect.any(String) })
  })

  it('an analytics 500 never rejects a flow nor retries (one request per event)', async () => {
    const { foyer, analyticsCalls } = make(500)
    const result = await foyer.completeAuth({ user, token, refresh_token: REFRESH }, { loginMethod: 'email', intent: 'login' })
    expect(result.loginMethod).toBe('email')
    await new Promise((r) => setTimeout(r, RETRY_BASE_DELAY_MS + 200)) // past when a first retry would go out
    expect(analyticsCalls()).toBe(1)
  })

  it('no payload carries the e-mail, the access token or the refresh token', async () => {
    const { foyer, raw } = make()
    foyer.modal.open({ screen: 'foyer/landing', params: { email: EMAIL } })
    await foyer.completeAuth({ user, token, refresh_token: REFRESH, is_new_user: false }, { loginMethod: 'email', account })
    foyer.modal.close()
    foyer.modal.open({ login: { prefill: { type: 'email', value: EMAIL } } })
    foyer.modal.close()
    await settle()
    expect(raw.length).toBeGreaterThanOrEqual(6)
    for (const body of raw) {
      expect(body).not.toContain(EMAIL)
      expect(body).not.toContain(token)
      expect(body).not.toContain(REFRESH)
    }
  })
})
