import * as v from 'valibot'
import { ModeSchema } from '../../core/protocol/index.js'
export { siwsTexts } from './siwsTexts.js'

/** How long a nonce from siws/init stays usable (the 10 minutes). */
export const NONCE_TTL_SECONDS = 600
/** The oldest Issued At the server accepts, and how far ahead of the server a wallet's clock may be. */
export const MAX_MESSAGE_AGE_SECONDS = 600
export const MAX_CLOCK_SKEW_SECONDS = 60
/** The Solana sign-in message's chain id (the spec's "mainnet"). */
export const SIWS_CHAIN_ID = 'mainnet'
/** Wallets a user may link by default (the spec's 1-per-type rule would forbid a second wallet); as SIWE. */
export const DEFAULT_MAX_WALLETS_PER_USER = 10
/** Statement of the sign-in message (Privy's wording). */
export const SIWS_STATEMENT = 'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.'

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
/** A Solana address: a base58 ed25519 public key (32 bytes → 32 to 44 characters). */
export const AddressSchema = v.pipe(v.string('address must be a string'), v.regex(BASE58, 'Invalid address'), v.minLength(32, 'Invalid address'), v.maxLength(44, 'Invalid address'))
/** A sign-in message; the bound keeps parsing cheap. */
export const MessageSchema = v.pipe(v.string('message must be a string'), v.nonEmpty('message is required'), v.maxLength(8192, 'message is too long'))
/** A base58 ed25519 signature (64 bytes → 86 to 88 characters, a little slack for leading zeros). */
export const SignatureSchema = v.pipe(v.string('signature must be a string'), v.regex(BASE58, 'Invalid signature'), v.minLength(64, 'Invalid signature'), v.maxLength(90, 'Invalid signature'))
/** walletClientType / connectorType: short slugs (the spec's ids). */
const Slug = v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Invalid wallet metadata'))))
const CaptchaToken = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096))))

/** POST /api/v1/siws/init */
export const InitInputSchema = v.object({ address: AddressSchema, token: CaptchaToken })
/** Answer of init: an alphanumeric nonce (128 random bits). */
export const InitOutputSchema = v.object({ nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,}$/)) })
/** POST /api/v1/siws/authenticate */
export const AuthenticateInputSchema = v.object({
  message: MessageSchema,
  signature: SignatureSchema,
  walletClientType: Slug,
  connectorType: Slug,
  mode: ModeSchema,
})
/** POST /api/v1/siws/link */
export const LinkInputSchema = v.object({
  message: MessageSchema,
  signature: SignatureSchema,
  walletClientType: Slug,
  connectorType: Slug,
})
/** POST /api/v1/siws/unlink */
export const UnlinkInputSchema = v.object({ address: AddressSchema })

/** The app's `"siws"` section (server-only). */
export const SiwsAppConfigSchema = v.strictObject({
  /** Chain id sign-in messages must name. Default 'mainnet'. */
  chain_id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9:_-]{1,64}$/, 'Invalid chain id'))),
  max_wallets_per_user: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
})
export type SiwsAppConfig = v.InferOutput<typeof SiwsAppConfigSchema>

