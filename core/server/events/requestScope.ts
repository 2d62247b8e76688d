import { AsyncLocalStorage } from 'node:async_hooks'
import type { Context, MiddlewareHandler } from 'hono'

const scope = new AsyncLocalStorage<Context>()

/**
 * Middleware that makes the request reachable from code deep below its route (accounts.link, a plugin's transaction)
 * without threading `c` through every call: `ctx.events.emit` reads the request's IP and request id from here.
 */
export function requestScope(): MiddlewareHandler {
  return (c, next) => scope.run(c, next)
}

/** The request whose handling is under way in this async flow, if any (none in jobs and CLI commands). */
export function currentRequest(): Context | undefined {
  return scope.getStore()
}
