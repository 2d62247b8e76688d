import * as v from 'valibot'
import { ModeSchema, TokenResponseSchema, TransferNonceSchema, UserSchema, OAuthTokensSchema } from '../../core/protocol/index.js'
import { oauthProviderIds } from './providerIds.js'

/** Bytes of randomness in the PKCE code verifier and the state code (the spec). */
export const OAUTH_RANDOM_BYTES = 36

const base64url = (min: number, max: number, chars = /^[A-Za-z0-9_-]+$/, rule = 'Must be base64url') =>
  v.pipe(v.string(), v.minLength(min), v.maxLength(max), v.regex(chars, rule))

/** A supported provider id. */
export const ProviderSchema = v.picklist(oauthProviderIds, 'Unknown OAuth provider')
/** A state code: 36 random bytes are 48 base64url characters; other clients may send 32..128. */
export const StateCodeSchema = base64url(32, 128)
/**
 * The PKCE verifier and S256 challenge, as RFC 7636 defines them (core/protocol/pkce.ts; written with this file's
 * helper, which costs the landing's first load less — schema.test.ts holds the two to the same answers).
 */
export const CodeVerifierSchema = base64url(43, 128, /^[\w.~-]+$/, 'Must be RFC 7636 characters')
export const CodeChallengeSchema = base64url(43, 43)
/** The one-time Foyer authorization code the callback hands the browser. */
export const AuthorizationCodeSchema = base64url(16, 128)

/** POST /api/v1/oauth/init */
export const InitInputSchema = v.object({
  provider: ProviderSchema,
  redirect_to: v.pipe(v.string(), v.maxLength(2048), v.url('redirect_to must be a URL')),
  token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096)))),
  code_challenge: CodeChallengeSchema,
  state_code: StateCodeSchema,
})
/** Answer of init: the provider's authorization URL. */
export const InitOutputSchema = v.object({ url: v.string() })
/** POST /api/v1/oauth/authenticate */
export const AuthenticateInputSchema = v.object({
  authorization_code: AuthorizationCodeSchema,
  state_code: StateCodeSchema,
  code_verifier: CodeVerifierSchema,
  mode: ModeSchema,
})
/** POST /api/v1/oauth/link */
export const LinkInputSchema = v.object({
  authorization_code: AuthorizationCodeSchema,
  state_code: StateCodeSchema,
  code_verifier: CodeVerifierSchema,
})
/** Answer of link: the user, plus the provider's tokens for the host. */
export const LinkOutputSchema = v.object({ user: UserSchema, oauth_tokens: v.optional(v.nullable(OAuthTokensSchema)) })
/** POST /api/v1/oauth/unlink */
export const UnlinkInputSchema = v.object({ provider: ProviderSchema, subject: v.pipe(v.string(), v.minLength(1), v.maxLength(256)) })
const InfoText = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(512))))
/** The provider account a transfer names (§3 oAuthUserInfo); only provider + subject identify it. */
export const OAuthUserInfoSchema = v.object({
  provider: ProviderSchema,
  subject: v.pipe(v.string('subject is required'), v.minLength(1, 'subject is required'), v.maxLength(256)),
  email: InfoText,
  name: InfoText,
  username: InfoText,
})
/** POST /api/v1/oauth/transfer: the nonce of the link's 400 account_transfer_required. */
export const TransferInputSchema = v.object({ userInfo: OAuthUserInfoSchema, nonce: TransferNonceSchema })

export { TokenResponseSchema }

const Url = v.pipe(v.string(), v.url())
/** One provider's part of the app's `oauth` section: credentials plus optional endpoint overrides. */
export const ProviderConfigSchema = v.strictObject({
  client_id: v.pipe(v.string(), v.nonEmpty()),
  /** Apple: the ES256 client-secret JWT you generate with your key. */
  client_secret: v.optional(v.pipe(v.string(), v.nonEmpty())),
  issuer: v.optional(Url),
  authorization_endpoint: v.optional(Url),
  token_endpoint: v.optional(Url),
  userinfo_endpoint: v.optional(Url),
  jwks_uri: v.optional(Url),
  scopes: v.optional(v.array(v.pipe(v.string(), v.nonEmpty()))),
})

/** The app's `"oauth"` section (server-only: it holds client secrets). */
export const OAuthAppConfigSchema = v.strictObject({
  ...Object.fromEntries(oauthProviderIds.map((id) => [id, v.optional(ProviderConfigSchema)])),
  /** Exact-match allowlist of `redirect_to`. */
  redirect_urls: v.array(Url),
} as Record<(typeof oauthProviderIds)[number], v.OptionalSchema<typeof ProviderConfigSchema, undefined>> & {
  redirect_urls: v.ArraySchema<typeof Url, undefined>
})
export type OAuthAppConfig = v.InferOutput<typeof OAuthAppConfigSchema>

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half
 * declares them (ServerPlugin.errorCodes) and the client half maps them to texts.
 */
export const oauthErrorCodes = [
  'invalid_redirect_to', // 400: redirect_to is not one of the app's redirect URLs
  'invalid_state', // 400: a state code unknown, already used or not this flow's
  'invalid_code_verifier', // 401: the PKCE verifier does not match the challenge
  'oauth_flow_expired', // 400: the flow outlived its lifetime (flowTtlSeconds)
  'oauth_user_denied', // 401: the user refused at the provider
  'oauth_account_suspended', // 403: the provider says the account is suspended
  'invalid_id_token', // 401: the provider's ID token failed verification
  'oauth_provider_error', // 502: the provider could not complete the login
] as const
export type OAuthErrorCode = (typeof oauthErrorCodes)[number]
