import { afterEach, describe, expect, it, vi } from 'vitest'
import { AbortError, ApiError, BaseError } from '../errors/index.js'
import { createHttp, DEFAULT_API_TIMEOUT_MS, retryDelay } from './http.js'

function recordingFetch(statuses: number[]) {
  const calls: { at: number; headers: Headers; url: string }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as string, init)
    calls.push({ at: Date.now(), headers: request.headers, url: request.url })
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!
    const body = status >= 400 ? { error: 'nope', code: 'internal_error' } : { ok: true }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

const base = { apiUrl: 'http://api.test', appId: 'a'.repeat(25), caId: 'ca-1', sdkVersion: '0.1.0' }

afterEach(() => vi.useRealTimers())

describe('http', () => {
  it('sends the foyer headers, the bearer token and includes credentials', async () => {
    const { fetch, calls } = recordingFetch([200])
    const http = createHttp({ ...base, clientId: 'client-1', fetch })
    await http.request({ path: '/api/v1/x', body: {}, token: 'tok' })
    const h = calls[0]!.headers
    expect(h.get('foyer-app-id')).toBe('a'.repeat(25))
    expect(h.get('foyer-client-id')).toBe('client-1')
    expect(h.get('foyer-ca-id')).toBe('ca-1')
    expect(h.get('foyer-client')).toBe('foyer:0.1.0')
    expect(h.get('authorization')).toBe('Bearer tok')
  })

  it('retries 3 times on 503 with 500 ms tripled each time, then throws ApiError', async () => {
    vi.useFakeTimers()
    const { fetch, calls } = recordingFetch([503])
    const http = createHttp({ ...base, fetch })
    const result = http.request({ path: '/x', body: {} }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10_000)
    const error = await result
    expect(calls).toHaveLength(4)
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at)
    expect(gaps).toEqual([500, 1500, 4500])
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(503)
  })

  it.each([408, 409, 425, 500, 502, 504])('retries status %i and succeeds', async (status) => {
    vi.useFakeTimers()
    const { fetch, calls } = recordingFetch([status, 200])
    const http = createHttp({ ...base, fetch })
    const result = http.request<{ ok: boolean }>({ path: '/x', body: {} })
    await vi.advanceTimersByTimeAsync(600)
    expect(await result).toEqual({ ok: true })
    expect(calls).toHaveLength(2)
  })

  it('does not retry 400, 401, 404, 429', async () => {
    for (const status of [400, 401, 404, 429]) {
      const { fetch, calls } = recordingFetch([status])
      const error = await createHttp({ ...base, fetch }).request({ path: '/x', body: {} }).catch((e: unknown) => e)
      expect(calls).toHaveLength(1)
      expect((error as ApiError).code).toBe('INTERNAL_ERROR')
    }
  })

  it('never retries a call marked retry:false (analytics)', async () => {
    const { fetch, calls } = recordingFetch([503])
    await createHttp({ ...base, fetch }).request({ path: '/x', body: {}, retry: false }).catch(() => {})
    expect(calls).toHaveLength(1)
  })

  it('an aborted request is its own AbortError and is not retried', async () => {
    const controller = new AbortController()
    const fetch = vi.fn((_: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        if (init?.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'))
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
    )
    const promise = createHttp({ ...base, fetch: fetch as never }).request({ path: '/x', body: {}, signal: controller.signal })
    await new Promise((r) => setTimeout(r, 10))
    controller.abort()
    await expect(promise).rejects.toBeInstanceOf(AbortError)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('exposes the server code upper-cased and keeps flow data', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'Transfer', code: 'account_transfer_required', data: { nonce: 'n' } }), { status: 400, headers: { 'content-type': 'application/json' } }))
    const error = (await createHttp({ ...base, fetch: fetch as never }).request({ path: '/x', body: {} }).catch((e: unknown) => e)) as ApiError
    expect(error.code).toBe('ACCOUNT_TRANSFER_REQUIRED')
    expect(error.serverCode).toBe('account_transfer_required')
    expect(error.data).toEqual({ nonce: 'n' })
  })

  it('computes the retry schedule', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([500, 1500, 4500])
  })
})

it('a request whose signal is already aborted never reaches fetch', async () => {
  const fetch = vi.fn()
  const controller = new AbortController()
  controller.abort()
  await expect(createHttp({ ...base, fetch: fetch as never }).request({ path: '/x', signal: controller.signal })).rejects.toBeInstanceOf(AbortError)
  expect(fetch).not.toHaveBeenCalled()
})

describe('bounded waits', () => {
  const hangingFetch = () =>
    vi.fn((_: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
    )

  it('a server that never answers fails with CLIENT_REQUEST_TIMEOUT after the timeout, once, not retried', async () => {
    vi.useFakeTimers()
    const fetch = hangingFetch()
    const result = createHttp({ ...base, fetch: fetch as never, timeoutMs: 2_000 }).request({ path: '/x', body: {} }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10_000)
    const error = (await result) as BaseError
    expect(error.code).toBe('CLIENT_REQUEST_TIMEOUT')
    expect(error.shortMessage).toBe('Timed out')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('the default timeout is 15 s and a request may override it', async () => {
    vi.useFakeTimers()
    const fetch = hangingFetch()
    const http = createHttp({ ...base, fetch: fetch as never })
    const byDefault = http.request({ path: '/x' }).catch((e: unknown) => e)
    const short = http.request({ path: '/y', timeoutMs: 100 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(100)
    expect(((await short) as BaseError).code).toBe('CLIENT_REQUEST_TIMEOUT')
    await vi.advanceTimersByTimeAsync(DEFAULT_API_TIMEOUT_MS - 101)
    let settled = false
    void byDefault.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(2)
    expect(((await byDefault) as BaseError).code).toBe('CLIENT_REQUEST_TIMEOUT')
  })

  it('a body that stalls after the headers still times out', async () => {
    vi.useFakeTimers()
    const fetch = vi.fn(async (_: unknown, init?: RequestInit) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"ok":'))
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
        },
      })
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
    })
    const result = createHttp({ ...base, fetch: fetch as never, timeoutMs: 500 }).request({ path: '/x' }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(600)
    expect(((await result) as BaseError).code).toBe('CLIENT_REQUEST_TIMEOUT')
  })

  it('no answer at all (connection refused, CORS) is NETWORK_ERROR at once, without retries', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const started = Date.now()
    const error = (await createHttp({ ...base, fetch: fetch as never }).request({ path: '/x', body: {} }).catch((e: unknown) => e)) as BaseError
    expect(error.code).toBe('NETWORK_ERROR')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(Date.now() - started).toBeLessThan(400)
  })

  it('aborting during a retry delay ends the wait with AbortError', async () => {
    vi.useFakeTimers()
    const { fetch, calls } = recordingFetch([503])
    const controller = new AbortController()
    const result = createHttp({ ...base, fetch }).request({ path: '/x', body: {}, signal: controller.signal }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(100)
    controller.abort()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await result).toBeInstanceOf(AbortError)
    expect(calls).toHaveLength(1)
  })
})
