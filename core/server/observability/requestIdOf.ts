import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = 'X-Request-Id'

const SANE = /^[A-Za-z0-9._-]{1,64}$/

/** The incoming X-Request-Id when it is sane (≤ 64 of [A-Za-z0-9._-], so it is safe in a log line), else a new one. */
export function requestIdOf(c: Context): string {
  const given = c.req.header(REQUEST_ID_HEADER)
  return given && SANE.test(given) ? given : randomUUID()
}
