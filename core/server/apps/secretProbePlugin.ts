import * as v from 'valibot'
import { defineServerPlugin } from '../defineServerPlugin.js'

/**
 * A test plugin (apps tests only) whose section has secret fields: `api_key`, and `hooks.<name>.token` (a `*` path).
 */
export const secretProbePlugin = () =>
  defineServerPlugin({
    id: 'probe',
    appConfig: v.strictObject({
      api_key: v.pipe(v.string(), v.minLength(8)),
      hooks: v.optional(v.record(v.string(), v.strictObject({ token: v.string(), url: v.optional(v.string()) }))),
      label: v.optional(v.string()),
    }),
    appSecretFields: ['api_key', 'hooks.*.token'],
    routes() {},
  })
