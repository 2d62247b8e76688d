import { ADMIN_APP_ID } from '../adminApi.js'

/** An admin API answer other than 2xx: the server's code and message (`{ error, code }`). */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'AdminApiError'
  }
}

/** The codes that mean the admin session must be (re)verified with TOTP before anything else. */
export const VERIFY_AGAIN_CODES: readonly string[] = ['admin_session_unverified', 'missing_or_invalid_mfa']

/**
 * One call of the admin API on this origin: JSON in and out, the admin app's id and the operator's access token.
 * Throws AdminApiError with the server's message on any other answer than 2xx.
 */
export async function adminFetch<T>(token: string | null, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'foyer-app-id': ADMIN_APP_ID, accept: 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
  } catch {
    throw new AdminApiError(0, 'network_error', 'The server could not be reached. Check your connection and try again.')
  }
  const text = await res.text()
  let data: unknown = null
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    data = null
  }
  if (!res.ok) {
    const err = (data ?? {}) as { error?: unknown; code?: unknown }
    throw new AdminApiError(res.status, typeof err.code === 'string' ? err.code : `http_${res.status}`, typeof err.error === 'string' ? err.error : `The server answered ${res.status}.`)
  }
  return data as T
}
