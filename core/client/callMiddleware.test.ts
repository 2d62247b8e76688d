import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../errors/index.js'
import { MAX_STEP_RETRIES, type CallMiddleware } from './callMiddleware.js'
import { createFoyer } from './createFoyer.js'
import { definePlugin } from './plugin.js'
import { createMemoryStorage } from './storage.js'

/** A server that answers 403 step_required until the request carries the step's header. */
function stepServer() {
  const seen: Array<{ body: unknown; step: string | null }> = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    seen.push({ body: JSON.parse(String(init?.body ?? 'null')), step: headers.get('x-step') })
    if (!String(url).endsWith('/api/v1/things')) return new Response('{}', { status: 404 })
    if (headers.get('x-step') !== 'done') return Response.json({ error: 'Step required', code: 'step_required' }, { status: 403 })
    return Response.json({ ok: true })
  })
  return { fetch, seen }
}

const thingsApi = { create: { path: '/api/v1/things', input: v.object({ name: v.string() }), output: v.object({ ok: v.boolean() }) } }

function make(middleware: CallMiddleware | ((foyer: any) => CallMiddleware), fetch: typeof globalThis.fetch) {
  const plugin = definePlugin({ id: 'things', kind: 'feature', api: thingsApi, middleware })
  return createFoyer({ appId: 'test_app_0000000000000001', apiUrl: 'http://api.test', plugins: [plugin], storage: createMemoryStorage(), fetch })
}

describe('call middleware', () => {
  it("onResponseError runs a step and retries; onRequest sees every send and may add to it", async () => {
    const server = stepServer()
    const steps: string[] = []
    const foyer = make(
      (kernel) => ({
        onRequest(call) {
          steps.push(`request ${call.id} #${call.attempt} ${kernel.appId}`)
          if (call.attempt > 0) call.headers['x-step'] = 'done'
        },
        async onResponseError(call, error) {
          steps.push(`error ${error.code}`)
          if (error.code === 'STEP_REQUIRED') return 'retry'
        },
      }),
      server.fetch as never,
    )
    await expect(foyer.call('things.create', { name: 'a' })).resolves.toEqual({ ok: true })
    expect(steps).toEqual(['request things.create #0 test_app_0000000000000001', 'error STEP_REQUIRED', 'request things.create #1 test_app_0000000000000001'])
    expect(server.seen.map((s) => s.step)).toEqual([null, 'done'])
    expect(server.seen[1]!.body).toEqual({ name: 'a' })
  })

  it(`stops after ${MAX_STEP_RETRIES} retries with the server's error, and a middleware that doesn't ask sends nothing again`, async () => {
    const server = stepServer()
    const foyer = make({ onResponseError: () => 'retry' }, server.fetch as never)
    const error = await foyer.call('things.create', { name: 'a' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('STEP_REQUIRED')
    expect(server.fetch).toHaveBeenCalledTimes(MAX_STEP_RETRIES + 1)

    const quiet = stepServer()
    const foyer2 = make({ onResponseError: () => undefined }, quiet.fetch as never)
    await expect(foyer2.call('things.create', { name: 'a' })).rejects.toMatchObject({ code: 'STEP_REQUIRED' })
    expect(quiet.fetch).toHaveBeenCalledTimes(1)
  })

  it('input that fails validation reaches no middleware and no server', async () => {
    const server = stepServer()
    const onRequest = vi.fn()
    const foyer = make({ onRequest }, server.fetch as never)
    await expect(foyer.call('things.create', { name: 1 })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' })
    expect(onRequest).not.toHaveBeenCalled()
    expect(server.fetch).not.toHaveBeenCalled()
  })
})

describe('captcha middleware', () => {
  it('fills a missing captcha field with a fresh token, turns HTTP retries off, and refills it when a call is resent', async () => {
    const { captchaMiddleware } = await import('./captchaMiddleware.js')
    const tokens = ['t1', 't2']
    const middleware = captchaMiddleware({ token: vi.fn(async () => tokens.shift() ?? null), reset: vi.fn() } as never)
    const call = { id: 'email.init', def: { path: '/x', captcha: 'token' }, body: { email: 'a@b.co', token: null } as unknown, headers: {}, retry: true, attempt: 0 }
    await middleware.onRequest!(call)
    expect(call).toMatchObject({ body: { email: 'a@b.co', token: 't1' }, retry: false })
    call.attempt = 1
    await middleware.onRequest!(call)
    expect(call.body).toEqual({ email: 'a@b.co', token: 't2' })

    // A token the caller sent is the caller's: never replaced.
    const own = { ...call, body: { email: 'a@b.co', token: 'mine' }, attempt: 0 }
    await middleware.onRequest!(own)
    expect(own.body).toEqual({ email: 'a@b.co', token: 'mine' })
  })
})
