import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import proxyAddr from 'proxy-addr'

/**
 * Which proxies in front of the server may say who the client is, as express's `trust proxy` reads them: a number of
 * hops (`1`: the load balancer's own X-Forwarded-For entry; `true` means 1), or proxy addresses and CIDR ranges, IPv4
 * or IPv6, and the names `loopback`, `linklocal`, `uniquelocal` (a list, or one comma-separated string). `false`, `0`
 * or nothing: the socket's peer is the client.
 */
export type TrustProxy = boolean | number | string | readonly string[]

/** A trust setting after checking: the number of trusted hops, or the trusted proxy addresses and ranges. */
export type ResolvedTrustProxy = number | readonly string[]

const NAMES = 'an IP address, a CIDR range (10.0.0.0/8, fd00::/8), loopback, linklocal or uniquelocal'

/**
 * Checks a trust setting (the option, or FOYER_TRUST_PROXY's text) and answers it resolved; anything else stops the
 * start with a message naming `name`, never a silent "trust nobody" or "trust everybody".
 */
export function resolveTrustProxy(value: TrustProxy | undefined, name = 'trustProxy'): ResolvedTrustProxy {
  if (value === undefined || value === false) return 0
  if (value === true) return 1
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value <= 100) return value
    throw new Error(`${name}: ${value} is not a number of trusted proxy hops (a whole number, 0..100)`)
  }
  const text = typeof value === 'string' ? value.trim() : null
  if (text === '' || text === 'false') return 0
  if (text === 'true') return 1
  if (text !== null && /^\d+$/.test(text)) return resolveTrustProxy(Number(text), name)
  const entries = (text !== null ? text.split(',') : [...(value as readonly string[])]).map((entry) => String(entry).trim())
  if (entries.length === 0) return 0
  for (const entry of entries) {
    try {
      if (!entry) throw new TypeError('empty')
      proxyAddr.compile(entry)
    } catch {
      throw new Error(`${name}: "${entry.slice(0, 60)}" is not ${NAMES}`)
    }
  }
  return entries
}

/** The trust test proxy-addr walks with: hop `i` (0 is the socket's peer) and its address. */
export function trustFunction(trust: ResolvedTrustProxy): ((address: string, hop: number) => boolean) | null {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : null
  return proxyAddr.compile([...trust])
}

/**
 * The client's IP for rate limits and captcha checks: the socket's peer, or, when that peer is a trusted proxy, read
 * through X-Forwarded-For from the right (the entries proxies appended) to the first address not trusted. The leftmost
 * entries are whatever the client wrote, so they count only when every hop after them is trusted.
 */
export function clientIp(c: Context, trust: ((address: string, hop: number) => boolean) | null): string {
  let socket: string | undefined
  try {
    socket = getConnInfo(c).remote.address
  } catch {
    // app.request() in tests has no socket.
  }
  if (!socket) return 'unknown'
  if (!trust) return socket
  const req = { headers: { 'x-forwarded-for': c.req.header('x-forwarded-for') ?? '' }, socket: { remoteAddress: socket } }
  return proxyAddr(req as unknown as IncomingMessage, trust)
}
