import type { Context, MiddlewareHandler } from 'hono'
import { routeOf } from '../http/routeOf.js'
import type { Logger } from '../Logger.js'
import type { Metrics } from './createMetrics.js'
import { notedLogin } from './noteLogin.js'
import type { Readiness } from './createReadiness.js'
import { REQUEST_ID_HEADER, requestIdOf } from './requestIdOf.js'

/** Routes a load balancer or a scraper calls every few seconds: logged at debug, not info. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics'])

/**
 * First middleware of every listener: gives the request its id (kept in `c.get('requestId')`, echoed in X-Request-Id),
 * then counts and times its answer by route pattern and writes one access line. The line holds the method, route
 * pattern, status, duration, request id and client IP: no other header, no query string, no body.
 */
export function observeRequests(deps: { listener: string; logger: Logger; metrics: Metrics; readiness: Readiness; clientIp: (c: Context) => string }): MiddlewareHandler {
  const { listener, logger, metrics, readiness } = deps
  return async function observeRequest(c, next) {
    const started = performance.now()
    const reqId = requestIdOf(c)
    c.set('requestId', reqId)
    await next()
    const seconds = (performance.now() - started) / 1000
    const route = routeOf(c)
    const status = c.res.status
    setHeader(c, REQUEST_ID_HEADER, reqId)
    // While shutting down, a kept-alive connection is closed after its answer so the listener can drain.
    if (readiness.stopping) setHeader(c, 'Connection', 'close')
    metrics.request({ listener, method: c.req.method, route, status }, seconds)
    const login = notedLogin(c)
    if (login && status < 400) metrics.login(login)
    const ms = Math.round(seconds * 10_000) / 10
    const fields = { reqId, listener, method: c.req.method, route, status, ms, ip: deps.clientIp(c) }
    const line = `${c.req.method} ${route} ${status} ${ms}ms`
    if (PROBES.has(route)) logger.debug?.(line, fields)
    else logger.info(line, fields)
  }
}

/** Sets a response header, copying the response first when its headers are immutable (one passed through from fetch). */
function setHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value)
  } catch {
    c.res = new Response(c.res.body, c.res)
    c.res.headers.set(name, value)
  }
}
