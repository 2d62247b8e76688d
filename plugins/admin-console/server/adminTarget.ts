import type { Context } from 'hono'
import type { GenericSchema, InferOutput } from 'valibot'
import type { App, ServerContext } from '../../../core/server/index.js'

/**
 * The route's path parameters checked with `schema` (400 invalid_data naming the bad one), and the app they name
 * (404 app_not_found when the server has none with that id).
 */
export function adminTarget<S extends GenericSchema<unknown, { appId: string }>>(ctx: ServerContext, c: Context, schema: S): InferOutput<S> & { app: App } {
  const params = ctx.parse(schema, c.req.param())
  const app = ctx.apps.get(params.appId)
  if (!app) throw new ctx.HttpError(404, 'app_not_found', 'No app with this id')
  return { ...params, app }
}
