import { createFetch, FetchError, ofetch, type $Fetch } from 'ofetch'
import { AbortError, ApiError, BaseError } from '../errors/index.js'
import { headers as headerNames } from '../protocol/index.js'
import type { OutgoingRequest } from './plugin.js'

/** Statuses retried (the spec's list). */
export const RETRY_STATUS_CODES = [408, 409, 425, 500, 502, 503, 504]
/** Retries after the first attempt. */
export const RETRIES = 3
/** Delay before the first retry; tripled each time (500, 1500, 4500 ms). */
export const RETRY_BASE_DELAY_MS = 500
/**
 * How long one attempt may take, answer body included, before it fails with 'Timed out' (the spec leaves the
 * default open). Long enough for a slow mobile network, short enough that a hung server never leaves a page
 * waiting on `ready` or a spinner for minutes. Hosts change it with `config.apiTimeoutMs`.
 */
export const DEFAULT_API_TIMEOUT_MS = 15_000

/** Delay before retry number `attempt` (0-based). */
export function retryDelay(attempt: number): number {
  return RETRY_BASE_DELAY_MS * 3 ** attempt
}

/** One request. */
export interface HttpRequest {
  path: string
  method?: 'GET' | 'POST' | 'DELETE'
  body?: unknown
  query?: Record<string, string | number | undefined>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** false: never retried. */
  retry?: boolean
  /** Bearer token to send. */
  token?: string | null
  /** Overrides the client's timeout for this request (ms). */
  timeoutMs?: number
}

/** The kernel's HTTP client. */
export interface Http {
  request<T>(request: HttpRequest): Promise<T>
}

/** Parameters of createHttp. */
export interface CreateHttpParameters {
  apiUrl: string
  appId: string
  clientId?: string
  caId: string
  sdkVersion: string
  fetch?: typeof globalThis.fetch
  /** Per-attempt timeout (ms). Default DEFAULT_API_TIMEOUT_MS. */
  timeoutMs?: number
  onBeforeRequest?: (request: OutgoingRequest) => void | Promise<void>
}

/** Thrown when an attempt got no complete answer in time (the spec's 'Timed out' screen). */
export class RequestTimeoutError extends BaseError {
  override name = 'RequestTimeoutError'
  constructor(ms: number, options: { cause?: unknown } = {}) {
    super('Timed out', { code: 'CLIENT_REQUEST_TIMEOUT', details: `The server did not answer within ${Math.round(ms / 1000)} s.`, ...options })
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new AbortError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/**
 * Builds the one ofetch instance every call goes through. Retries follow the spec (statuses 408, 409, 425,
 * 5xx; 3 times from 500 ms, tripled). A request that gets no answer at all (server down, connection refused,
 * blocked by CORS) or no complete answer in time fails at once: retrying it would only multiply the wait.
 */
export function createHttp(params: CreateHttpParameters): Http {
  // An injected fetch (tests, custom transports) goes through createFetch; otherwise the global one.
  const root: $Fetch = params.fetch ? createFetch({ fetch: params.fetch }) : ofetch
  const base: $Fetch = root.create({ baseURL: params.apiUrl.replace(/\/+$/, ''), credentials: 'include', retry: 0 })
  const defaultTimeout = params.timeoutMs ?? DEFAULT_API_TIMEOUT_MS

  async function attempt<T>(request: HttpRequest, method: string, headers: Record<string, string>): Promise<T> {
    const timeoutMs = request.timeoutMs ?? defaultTimeout
    const controller = new AbortController()
    let timedOut = false
    let timer: ReturnType<typeof setTimeout> | undefined
    // Raced as well as aborted: a custom fetch that ignores the signal still can't make the wait unbounded.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true
        controller.abort()
        reject(new Error('timeout'))
      }, timeoutMs)
    })
    const onAbort = () => controller.abort()
    request.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const call = base<T>(request.path, {
        method,
        headers,
        body: request.body as Record<string, unknown> | undefined,
        query: request.query,
        signal: controller.signal,
      })
      call.catch(() => {})
      return await Promise.race([call, timeout])
    } catch (error) {
      if (timedOut && !request.signal?.aborted) throw new RequestTimeoutError(timeoutMs, { cause: error })
      throw toFoyerError(error, request.signal)
    } finally {
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
    }
  }

  return {
    async request<T>(request: HttpRequest): Promise<T> {
      const method = request.method ?? (request.body === undefined ? 'GET' : 'POST')
      const headers: Record<string, string> = {
        [headerNames.appId]: params.appId,
        [headerNames.caId]: params.caId,
        [headerNames.client]: `foyer:${params.sdkVersion}`,
        ...(params.clientId ? { [headerNames.clientId]: params.clientId } : {}),
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        ...request.headers,
      }
      await params.onBeforeRequest?.({ path: request.path, method, headers, body: request.body })
      const retries = request.retry === false ? 0 : RETRIES
      for (let n = 0; ; n++) {
        if (request.signal?.aborted) throw new AbortError()
        try {
          return await attempt<T>(request, method, headers)
        } catch (error) {
          const retryable = error instanceof ApiError && RETRY_STATUS_CODES.includes(error.status)
          if (!retryable || n >= retries) throw error
          await sleep(retryDelay(n), request.signal)
        }
      }
    },
  }
}

/** Maps ofetch failures to ApiError / AbortError. Messages never include the request body. */
export function toFoyerError(error: unknown, signal?: AbortSignal): BaseError {
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) return new AbortError({ cause: error })
  if (error instanceof FetchError && error.cause && (error.cause as Error).name === 'AbortError') return new AbortError({ cause: error })
  if (error instanceof FetchError && error.status) {
    const data = error.data as { error?: unknown; code?: unknown; data?: unknown } | undefined
    const message = typeof data?.error === 'string' ? data.error : error.statusText || 'Request failed'
    const serverCode = typeof data?.code === 'string' ? data.code : `http_${error.status}`
    const extra = data?.data && typeof data.data === 'object' ? (data.data as Record<string, unknown>) : undefined
    return new ApiError(message, { status: error.status, serverCode, ...(extra ? { data: extra } : {}), cause: error })
  }
  if (error instanceof BaseError) return error
  return new BaseError('Network error', { code: 'NETWORK_ERROR', details: 'The server could not be reached.', cause: error })
}
