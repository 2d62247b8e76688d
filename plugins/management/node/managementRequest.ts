import { FoyerApiError, FoyerNetworkError } from './FoyerApiError.js'

/** The fetch the client calls: the global one, or one the host passes (a proxy agent, a test double of the network). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** How a client reaches the management API. */
export interface ManagementTransport {
  appId: string
  appSecret: string | undefined
  /** The server's base URL, without a trailing slash. */
  apiUrl: string
  fetch: FetchLike
  timeoutMs: number
}

/** One management call. */
export interface ManagementCall {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  query?: Record<string, string | undefined>
  body?: unknown
}

/** `Basic base64(appId:secret)`: both are printable ASCII (an app id is; a secret is `foyer_sk_` and base64url). */
function basic(appId: string, secret: string): string {
  const bytes = new TextEncoder().encode(`${appId}:${secret}`)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

/**
 * Sends `call` with the app secret (HTTP Basic `appId:secret` and the `foyer-app-id` header, as the routes take it) and
 * answers the parsed JSON body, or null for 204. A non-2xx answer throws FoyerApiError with the server's code; no answer
 * (or none within `timeoutMs`) throws FoyerNetworkError. Neither error carries the secret or the request.
 */
export async function managementRequest<T>(transport: ManagementTransport, call: ManagementCall): Promise<T | null> {
  if (!transport.appSecret) throw new TypeError('FoyerClient: appSecret is required for management calls')
  const url = new URL(transport.apiUrl + call.path)
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, value)
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: basic(transport.appId, transport.appSecret),
    'foyer-app-id': transport.appId,
  }
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await transport.fetch(url.toString(), {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      redirect: 'error',
      signal: AbortSignal.timeout(transport.timeoutMs),
    })
  } catch (error) {
    const timedOut = (error as { name?: string })?.name === 'TimeoutError'
    throw new FoyerNetworkError(timedOut ? `No answer from the Foyer server within ${transport.timeoutMs} ms` : 'The Foyer server could not be reached', error)
  }
  let text: string
  try {
    text = await res.text()
  } catch (error) {
    throw new FoyerNetworkError('The Foyer server’s answer was cut off', error)
  }
  if (res.ok) {
    if (res.status === 204 || !text) return null
    try {
      return JSON.parse(text) as T
    } catch {
      throw new FoyerApiError('The Foyer server answered something that is not JSON', { status: res.status, code: 'unexpected_response' })
    }
  }
  let body: { error?: unknown; code?: unknown; data?: unknown } = {}
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    // A proxy's HTML page, say: the status is all there is.
  }
  const retryAfter = Number(res.headers.get('retry-after'))
  throw new FoyerApiError(typeof body?.error === 'string' ? body.error : `The Foyer server answered HTTP ${res.status}`, {
    status: res.status,
    code: typeof body?.code === 'string' ? body.code : 'unexpected_response',
    ...(body?.data && typeof body.data === 'object' ? { data: body.data as Record<string, unknown> } : {}),
    ...(res.headers.has('retry-after') && Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
  })
}
