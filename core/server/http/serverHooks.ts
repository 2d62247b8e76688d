import type { MiddlewareHandler } from 'hono'
import type { ServerContext, ServerPlugin } from '../types.js'

/** Runs the plugins' before and after hooks (ServerHook) around the routes, in plugin order. */
export function serverHooks(plugins: readonly Pick<ServerPlugin, 'hooks'>[], ctx: ServerContext): MiddlewareHandler {
  const before = plugins.flatMap((p) => p.hooks?.before ?? [])
  const after = plugins.flatMap((p) => p.hooks?.after ?? [])
  return async (c, next) => {
    const req = { path: c.req.path, method: c.req.method }
    for (const hook of before) {
      if (!hook.matcher(req)) continue
      const answer = await hook.handler(c, ctx)
      if (answer instanceof Response) return answer
    }
    await next()
    for (const hook of after) {
      if (!hook.matcher(req)) continue
      const answer = await hook.handler(c, ctx)
      if (answer instanceof Response) {
        // Cleared first: hono would otherwise merge the old answer's headers into the new one.
        c.res = undefined
        c.res = answer
      }
    }
  }
}
