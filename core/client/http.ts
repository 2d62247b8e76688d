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
  onBeforeRequest?: (request: OutgoingRequest) => void | Promise<void>
}

/** Builds the one ofetch instance every call goes through. */
export function createHttp(params: CreateHttpParameters): Http {
  // An injected fetch (tests, custom transports) goes through createFetch; otherwise the global one.
  const root: $Fetch = params.fetch ? createFetch({ fetch: params.fetch }) : ofetch
  const base: $Fetch = root.create({
    baseURL: params.apiUrl.replace(/\/+$/, ''),
    credentials: 'include',
    retryStatusCodes: RETRY_STATUS_CODES,
    // ofetch counts `retry` down from RETRIES, so the attempt index is RETRIES - remaining.
    retryDelay: (context) => retryDelay(RETRIES - Number(context.options.retry ?? RETRIES)),
  })

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
      if (request.signal?.aborted) throw new AbortError()
      try {
        return await base<T>(request.path, {
          method,
          headers,
          body: request.body as Record<string, unknown> | undefined,
          query: request.query,
          signal: request.signal,
          retry: request.retry === false ? 0 : RETRIES,
        })
      } catch (error) {
        throw toFoyerError(error, request.signal)
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
  if (error instanceof Error && /timeout/i.test(error.message)) {
    return new BaseError('Timed out', { code: 'CLIENT_REQUEST_TIMEOUT', cause: error })
  }
  return new BaseError('Network error', { code: 'NETWORK_ERROR', details: 'The server could not be reached.', cause: error })
}
