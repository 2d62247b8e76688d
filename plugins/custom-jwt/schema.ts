import * as v from 'valibot'
export { customJwtTexts } from './customJwtTexts.js'

/**
 * Signature algorithms a custom JWT may use: asymmetric only, so the server never holds a secret that
 * could mint tokens, and 'none' or HS* (key-confusion attacks with a public key) can't be configured.
 */
export const customJwtAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'] as const
export type CustomJwtAlgorithm = (typeof customJwtAlgorithms)[number]

/** A compact JWS: three base64url parts; 8 KiB is far above any real access token. */
export const CustomJwtSchema = v.pipe(
  v.string('token must be a string'),
  v.trim(),
  v.maxLength(8192, 'token is too long'),
  v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'token must be a compact JWT'),
)

/** POST /api/v1/custom_jwt_account/authenticate */
export const CustomJwtAuthenticateInputSchema = v.object({ token: CustomJwtSchema })

/** The plugin's section of an app entry (`"custom-jwt": {...}`): where the host's keys are and what to pin. */
export const CustomJwtAppConfigSchema = v.pipe(
  v.strictObject({
    /** JWKS of the host's auth provider (https, or http on localhost for development). */
    jwks_url: v.optional(v.pipe(v.string(), v.url())),
    /** Or one SPKI public key in PEM. */
    public_key: v.optional(v.pipe(v.string(), v.includes('-----BEGIN PUBLIC KEY-----', 'public_key must be an SPKI PEM public key'))),
    algorithms: v.pipe(v.array(v.picklist(customJwtAlgorithms, 'algorithms: only asymmetric JWS algorithms are allowed')), v.minLength(1)),
    issuer: v.pipe(v.string(), v.nonEmpty()),
    audience: v.union([v.pipe(v.string(), v.nonEmpty()), v.pipe(v.array(v.pipe(v.string(), v.nonEmpty())), v.minLength(1))]),
    /** Seconds of clock skew tolerated for exp and nbf. Default 30. */
    clock_tolerance_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(300))),
  }),
  v.check((c) => Boolean(c.jwks_url) !== Boolean(c.public_key), 'exactly one of jwks_url and public_key must be set'),
)
export type CustomJwtAppConfig = v.InferOutput<typeof CustomJwtAppConfigSchema>

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half
 * declares them (ServerPlugin.errorCodes) and the client half maps them to texts.
 */
export const customJwtErrorCodes = [
  'keys_unavailable', // 503: the provider's keys could not be fetched
] as const
export type CustomJwtErrorCode = (typeof customJwtErrorCodes)[number]
