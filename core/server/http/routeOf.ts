import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'

/**
 * The route pattern that answered (`/api/v1/users/:id`), never the raw path: a metric label or log field of
 * bounded size. A request refused by middleware before its route keeps the route it was for; one no route
 * matched is 'unmatched' (or the pattern of the middleware that answered it, e.g. a CORS preflight).
 */
export function routeOf(c: Context): string {
  const routes = matchedRoutes(c)
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!
    // use() registers middleware (c, next) for every method; a route handler takes only c.
    if (route.method !== 'ALL' || route.handler.length < 2) return route.path
  }
  const answeredBy = routes[c.req.routeIndex]?.path
  return answeredBy && answeredBy !== '*' && answeredBy !== '/*' && c.res.status !== 404 ? answeredBy : 'unmatched'
}
