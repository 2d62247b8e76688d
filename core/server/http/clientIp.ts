import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** The client's IP: x-forwarded-for's first hop only behind a trusted proxy, else the socket. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}
