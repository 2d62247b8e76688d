import * as v from 'valibot'
import { APP_ID_LENGTH, CodeChallengeSchema, CodeVerifierSchema, TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'

/** §9: a cross-app request waits this long for the provider's popup. */
export const CROSS_APP_TIMEOUT_MS = 120_000
/** §9: how often the requester checks whether the provider's popup was closed. */
export const CROSS_APP_POPUP_POLL_MS = 300
/** §9: the provider's popup. */
export const CROSS_APP_POPUP = { width: 400, height: 680 } as const
/** PKCE verifier and state: random bytes (base64url: 48 characters, within RFC 7636's 43..128), as the OAuth plugin uses. */
export const CROSS_APP_RANDOM_BYTES = 36

/** Window messages between the provider's pages and the requester (posted only to the registered origin). */
export const crossAppMessages = {
  /** Provider → requester after consent: `{ type, code, state }`. */
  auth: 'FOYER_CROSS_APP_AUTH',
  /** Provider → requester: the user declined or the flow failed: `{ type, error }`. */
  authError: 'FOYER_CROSS_APP_AUTH_ERROR',
  /** Provider → requester: `{ type, result }`. */
  response: 'FOYER_CROSS_APP_ACTION_RESPONSE',
  /** Provider → requester: `{ type, error }`. */
  error: 'FOYER_CROSS_APP_ACTION_ERROR',
  /** Provider → requester: `{ type, action: 'set' | 'clear', token? }` (the spec's token action). */
  token: 'FOYER_CROSS_APP_TOKEN',
} as const

/** Paths of the provider's pages on its host site (under the section's provider_url). */
export const crossAppPages = { authorize: '/oauth/authorize', transact: '/oauth/transact' } as const

const AppId = v.pipe(v.string(), v.length(APP_ID_LENGTH))
/** Opaque random tokens (state, flow id, code): base64url. The PKCE fields use RFC 7636's own schemas. */
const Random = v.pipe(v.string(), v.minLength(16), v.maxLength(256), v.regex(/^[A-Za-z0-9_-]+$/))
const HttpUrl = v.pipe(v.string(), v.url(), v.maxLength(2000), v.regex(/^https?:\/\//))

/** The provider app's server-only section `"cross-app"`: which requester apps may use its users' wallets, and from where. */
export const CrossAppSectionSchema = v.strictObject({
  requesters: v.array(
    v.strictObject({
      app_id: AppId,
      /** The requester's page origins: the only targets of the provider pages' messages and the only redirect_to origins. */
      origins: v.pipe(v.array(HttpUrl), v.minLength(1)),
      /** A read-only requester may sign but never send transactions. */
      read_only: v.optional(v.boolean(), false),
    }),
  ),
  /** Base URL of the provider's host site, where its /oauth/authorize and /oauth/transact pages live. */
  provider_url: HttpUrl,
  icon_url: v.optional(HttpUrl),
})
export type CrossAppSection = v.InferOutput<typeof CrossAppSectionSchema>

/** §3: one provider app the requester may use. */
export const CrossAppConnectionSchema = v.object({
  provider_app_id: v.string(),
  provider_app_name: v.string(),
  provider_app_icon_url: v.nullable(v.string()),
  provider_app_custom_api_url: v.nullable(v.string()),
  read_only: v.boolean(),
})
export type CrossAppConnection = v.InferOutput<typeof CrossAppConnectionSchema>
export const ConnectionsOutputSchema = v.object({ connections: v.array(CrossAppConnectionSchema) })

/** §7 authorization start (requester's app header). */
export const AuthorizeInputSchema = v.strictObject({
  provider: AppId,
  redirect_to: HttpUrl,
  code_challenge: CodeChallengeSchema,
  state_code: Random,
})
export const AuthorizeOutputSchema = v.object({ url: v.pipe(v.string(), v.url()) })

/** The provider page asks what a flow is (provider's app header). */
export const FlowInputSchema = v.strictObject({ flow_id: Random })
export const FlowOutputSchema = v.object({ requester_app_id: v.string(), requester_app_name: v.string(), requester_origin: v.string() })

/** The signed-in provider user agrees (provider's app header + the user's token). */
export const ConsentOutputSchema = v.object({ authorization_code: v.string(), state_code: v.string(), requester_origin: v.string() })

/** §7 authenticate and link (requester's app header). */
export const RedeemInputSchema = v.strictObject({
  authorization_code: Random,
  state_code: Random,
  code_verifier: CodeVerifierSchema,
  provider: AppId,
})

/** The provider access token the requester keeps per provider (Foyer's shape). */
export const ProviderTokenSchema = v.object({
  provider_app_id: v.string(),
  token: v.string(),
  expires_at: v.number(),
  read_only: v.boolean(),
})
export type ProviderToken = v.InferOutput<typeof ProviderTokenSchema>

export const AuthenticateOutputSchema = v.object({ ...TokenResponseSchema.entries, provider_access_token: ProviderTokenSchema })
export const LinkOutputSchema = v.object({ user: UserSchema, provider_access_token: ProviderTokenSchema })
export const UnlinkInputSchema = v.strictObject({ provider_app_id: AppId, subject: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) })

/** The provider's transact page checks the token (provider's app header + the signed-in provider user's token). */
export const VerifyTokenInputSchema = v.strictObject({ token: Random })
export const VerifyTokenOutputSchema = v.object({
  requester_app_id: v.string(),
  requester_app_name: v.string(),
  requester_origins: v.array(v.string()),
  read_only: v.boolean(),
  /** The token's new expiry (unix seconds): verifying re-issues it for another lifetime. */
  expires_at: v.number(),
})
export type VerifiedToken = v.InferOutput<typeof VerifyTokenOutputSchema>

/** The wallet request the transact popup carries (§7: content.request.request). */
export interface CrossAppWalletRequest {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_sendTransaction'
  params: unknown[]
}
/** The `request` query parameter of /oauth/transact. */
export interface CrossAppTransactRequest {
  content: { request: { request: CrossAppWalletRequest } }
  timestamp: number
  callbackUrl: string
}

/** Codes the plugin's routes answer that core doesn't declare. */
export const crossAppErrorCodes = [
  'invalid_connected_app',
  'cross_app_invalid_redirect',
  'cross_app_invalid_code',
  'cross_app_unexpected_state',
  'cross_app_invalid_verifier',
  'cross_app_no_wallet',
  'cross_app_invalid_token',
] as const

/** Server messages (the spec's where it has one). */
export const crossAppServerTexts = {
  invalidConnectedApp: 'Invalid connected app',
  invalidRedirect: 'redirect_to is not a registered origin of this app',
  invalidCode: 'Invalid or expired authorization code',
  unexpectedState: 'Unexpected auth flow. This may be a phishing attempt.',
  invalidVerifier: 'Code verifier does not match the code challenge',
  noWallet: 'This account has no embedded wallet',
  invalidToken: 'Transactions require a valid token',
} as const
