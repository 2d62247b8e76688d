import * as v from 'valibot'
import { ModeSchema, TransferNonceSchema } from '../../core/protocol/index.js'
export { farcasterTexts } from './farcasterTexts.js'

/** Status poll interval (the spec's "every 2 s"). */
export const FARCASTER_POLL_INTERVAL_MS = 2_000
/** How long the client waits for the channel to complete (the spec's 120 s). */
export const FARCASTER_TIMEOUT_MS = 120_000
/** Header the status call carries the channel token in (the spec's). */
export const CHANNEL_TOKEN_HEADER = 'farcaster-channel-token'
/** Statement of a Sign In With Farcaster message (FIP-11). */
export const SIWF_STATEMENT = 'Farcaster Auth'
/** Chain id of a Sign In With Farcaster message: OP mainnet, where the ID registry lives. */
export const SIWF_CHAIN_ID = 10
/** The Farcaster ID registry on OP mainnet. */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** A Farcaster id: a positive integer. */
export const FidSchema = v.pipe(v.number('fid must be a number'), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))
/** A channel token as the server issues it (base64url, 43 characters for 32 bytes); bounded so junk is cheap to refuse. */
export const ChannelTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,128}$/, 'Invalid channel token'))
/** An EIP-4361 message; the bound keeps parsing cheap. */
const MessageSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(4096))
/** A 65-byte ECDSA signature (hex); contract-wallet signatures are not accepted (custody is an EOA). */
const SignatureSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130}$/, 'Invalid signature'))
const CaptchaToken = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096))))
const ProfileText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))))

/** POST /api/v1/farcaster/init */
export const InitInputSchema = v.object({ token: CaptchaToken })
/** Answer of init. */
export const InitOutputSchema = v.object({ connect_uri: v.string(), channel_token: v.string() })
/** POST /api/v1/farcaster/authenticate */
export const AuthenticateInputSchema = v.object({
  channel_token: ChannelTokenSchema,
  message: MessageSchema,
  signature: SignatureSchema,
  fid: FidSchema,
  mode: ModeSchema,
})
/** POST /api/v1/farcaster/link */
export const LinkInputSchema = v.object({
  channel_token: ChannelTokenSchema,
  message: MessageSchema,
  signature: SignatureSchema,
  fid: FidSchema,
})
/** POST /api/v1/farcaster/unlink */
export const UnlinkInputSchema = v.object({ fid: FidSchema })
/** POST /api/v1/farcaster/transfer: the nonce of the link's 400 account_transfer_required (the spec's snake_case fields). */
export const TransferInputSchema = v.object({
  farcaster_id: FidSchema,
  farcaster_embedded_address: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')))),
  nonce: TransferNonceSchema,
})

/** GET /api/v1/farcaster/status: pending until the Farcaster app completes the channel. */
export const StatusOutputSchema = v.looseObject({
  state: v.picklist(['pending', 'completed']),
  nonce: v.optional(v.string()),
  message: v.optional(v.string()),
  signature: v.optional(v.string()),
  fid: v.optional(v.number()),
  username: v.optional(v.nullable(v.string())),
  display_name: v.optional(v.nullable(v.string())),
  pfp_url: v.optional(v.nullable(v.string())),
  bio: v.optional(v.nullable(v.string())),
})

/**
 * Body of the relay call a Farcaster app makes to complete a channel: the Farcaster Auth relay's
 * `POST /v1/channel/authenticate` body, field for field.
 */
export const RelayAuthenticateInputSchema = v.object({
  message: MessageSchema,
  signature: SignatureSchema,
  fid: FidSchema,
  authMethod: v.optional(v.picklist(['custody', 'authAddress'])),
  username: ProfileText(64),
  bio: ProfileText(1024),
  displayName: ProfileText(256),
  pfpUrl: ProfileText(2048),
})

/** An Ethereum address (any case). */
const AddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Must be a 0x-prefixed 20-byte address'))

/** The plugin's section of an app entry (`"farcaster": {...}`): server-only settings. */
export const FarcasterAppConfigSchema = v.strictObject({
  /** OP mainnet JSON-RPC URL the custody lookup reads the ID registry through. Default https://mainnet.optimism.io. */
  rpc_url: v.optional(v.pipe(v.string(), v.url())),
  /** The ID registry contract. Default the OP mainnet one. */
  id_registry_address: v.optional(AddressSchema),
  /** Origin of the Farcaster app's sign-in deep link. Default https://warpcast.com. */
  connect_host: v.optional(v.pipe(v.string(), v.url())),
  /** When set, the relay call must carry it in `X-Farcaster-Auth-Relay-Key` (the relay's own auth key rule). */
  relay_key: v.optional(v.pipe(v.string(), v.minLength(16))),
  /** Seconds a channel stays open. Default 300. */
  channel_ttl_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(30), v.maxValue(3600))),
})
export type FarcasterAppConfig = v.InferOutput<typeof FarcasterAppConfigSchema>

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half
 * declares them (ServerPlugin.errorCodes) and the client half maps them to texts.
 */
export const farcasterErrorCodes = [
  'custody_lookup_failed', // 502: the ID registry could not be read
  'channel_completed', // 409: the relay channel already has its answer
] as const
export type FarcasterErrorCode = (typeof farcasterErrorCodes)[number]
