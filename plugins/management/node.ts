/**
 * `foyer/node`: the server SDK, what an app's back end imports (issue 27). `new FoyerClient({ appId, appSecret, apiUrl })`
 * verifies users' access tokens against the server's JWKS, reads and manages the app's users through the management
 * API (`managementServer()`), and verifies the server's webhooks (Standard Webhooks). Node 20 and edge runtimes: fetch,
 * WebCrypto (jose) and nothing from `node:`. No other plugin imports this entry.
 */
export { FoyerClient, type CreateUserInput, type FoyerClientOptions, type GetUsersOptions, type ImportUsersOptions, type NewLinkedAccount, type RevokeSessionsResult } from './node/FoyerClient.js'
export { FoyerApiError, FoyerNetworkError } from './node/FoyerApiError.js'
export { FoyerAuthError, type AuthTokenClaims } from './node/authTokenVerifier.js'
export { WebhookVerificationError, type FoyerWebhookEvent, type WebhookHeaders } from './node/webhookVerifier.js'
export type { FetchLike } from './node/managementRequest.js'
export type { ImportReport, ImportResult, ImportUserInput } from './importSchema.js'
export { managementErrorCodes, type CustomMetadata, type ManagementUser, type ManagementUserPage } from './schema.js'
