import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { UserSchema } from '../../core/protocol/index.js'
import {
  AuthenticateOutputSchema,
  ConnectionsOutputSchema,
  AuthorizeInputSchema,
  AuthorizeOutputSchema,
  ConsentOutputSchema,
  FlowInputSchema,
  FlowOutputSchema,
  LinkOutputSchema,
  RedeemInputSchema,
  UnlinkInputSchema,
  VerifyTokenInputSchema,
  VerifyTokenOutputSchema,
} from './schema.js'

/** The cross-app plugin's calls (§7), on the requester's app (authorize, authenticate, link, unlink) or the provider's (flow, consent, verify-token). */
export const crossAppApi = defineApi('/api/v1/cross-app', {
  // The spec's GET /api/v1/apps/{requesterAppId}/cross-app/connections names the app in the path; a plugin's call
  // paths are fixed, so the client asks this alias (the app from its header), which the server answers alike.
  connections: { method: 'GET', output: ConnectionsOutputSchema, retry: false },
  authorize: { input: AuthorizeInputSchema, output: AuthorizeOutputSchema, retry: false },
  authenticate: { input: RedeemInputSchema, output: AuthenticateOutputSchema, retry: false },
  link: { input: RedeemInputSchema, output: LinkOutputSchema, retry: false },
  unlink: { input: UnlinkInputSchema, output: UserSchema },
  flow: { input: FlowInputSchema, output: FlowOutputSchema },
  consent: { input: FlowInputSchema, output: ConsentOutputSchema, retry: false },
  verifyToken: { path: 'verify-token', input: VerifyTokenInputSchema, output: VerifyTokenOutputSchema },
})

/** API paths of the cross-app plugin; `connections(appId)` is the spec's GET path. */
export const crossAppPaths = {
  ...apiPaths(crossAppApi),
  /** The spec's path of a requester's connections. */
  connectionsOf: (requesterAppId: string) => `/api/v1/apps/${requesterAppId}/cross-app/connections`,
  /** The route pattern the server registers. */
  connectionsRoute: '/api/v1/apps/:requesterAppId/cross-app/connections',
} as const
