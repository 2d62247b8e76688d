import * as v from 'valibot'
import { ModeSchema, TransferNonceSchema } from '../../core/protocol/index.js'
import { AddressSchema, MessageSchema, SignatureSchema } from '../../core/protocol/siwe.js'
export { siweTexts } from './siweTexts.js'

/** How long a nonce from siwe/init stays usable (the 10 minutes). */
export const NONCE_TTL_SECONDS = 600
/** The oldest Issued At the server accepts, and how far in the future a wallet's clock may be. */
export const MAX_MESSAGE_AGE_SECONDS = 600
export const MAX_CLOCK_SKEW_SECONDS = 60
/** The spec's "one wallet route waits 2.5 seconds before prompting for the signature". */
export const SIGNATURE_PROMPT_DELAY_MS = 2_500
/** Wallets a user may link by default (the spec's 1-per-type rule would forbid a second wallet). */
export const DEFAULT_MAX_WALLETS_PER_USER = 10

// The wire shared with the smart-wallets plugin (core/protocol/siwe.ts).
export {
  AddressSchema,
  MessageSchema,
  SignatureSchema,
  SmartWalletTypeSchema,
  SiweInitInputSchema as InitInputSchema,
  SiweInitOutputSchema as InitOutputSchema,
  LinkSmartWalletInputSchema,
} from '../../core/protocol/siwe.js'
/** The wallet's chain: CAIP-2 ('eip155:1') as Privy sends it, or a bare chain id number. */
export const ChainIdSchema = v.union(
  [
    v.pipe(v.string(), v.regex(/^eip155:[1-9]\d{0,15}$/, 'Invalid chainId')),
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  ],
  'Invalid chainId',
)
/** walletClientType / connectorType: short slugs (the spec's ids, or an EIP-6963 rdns). */
const Slug = v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Invalid wallet metadata'))))

/** POST /api/v1/siwe/authenticate */
export const AuthenticateInputSchema = v.object({
  message: MessageSchema,
  signature: SignatureSchema,
  chainId: v.optional(ChainIdSchema),
  walletClientType: Slug,
  connectorType: Slug,
  mode: ModeSchema,
})
/** POST /api/v1/siwe/link */
export const LinkInputSchema = v.object({
  message: MessageSchema,
  signature: SignatureSchema,
  chainId: v.optional(ChainIdSchema),
  walletClientType: Slug,
  connectorType: Slug,
})
/** POST /api/v1/siwe/unlink */
export const UnlinkInputSchema = v.object({ address: AddressSchema })
/** A wallet metadata slug a transfer must carry (§5: wallet parameters are required for a siwe transfer). */
const RequiredSlug = v.pipe(v.string('wallet metadata is required'), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Invalid wallet metadata'))
/** POST /api/v1/siwe/transfer: the nonce of the link's 400 account_transfer_required plus the wallet's metadata. */
export const TransferInputSchema = v.object({
  address: AddressSchema,
  nonce: TransferNonceSchema,
  chainId: v.optional(ChainIdSchema),
  walletClientType: RequiredSlug,
  connectorType: RequiredSlug,
})

/**
 * The app's `"siwe"` section (server-only). `chains` lists the chain ids sign-in messages may name,
 * each with the JSON-RPC URL used to check contract-wallet (ERC-1271 / ERC-6492) signatures. Without
 * `chains` every chain id is accepted and only EOA signatures verify.
 */
export const SiweAppConfigSchema = v.strictObject({
  chains: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'chain ids are decimal numbers')),
      v.strictObject({ rpc_url: v.optional(v.pipe(v.string(), v.url())) }),
    ),
  ),
  max_wallets_per_user: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
})
export type SiweAppConfig = v.InferOutput<typeof SiweAppConfigSchema>

/** The number in a CAIP-2 'eip155:N' chain id (or a bare number). */
export function evmChainNumber(chainId: string | number): number {
  if (typeof chainId === 'number') return chainId
  return chainId.startsWith('eip155:') ? Number(chainId.slice(7)) : Number(chainId)
}

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half
 * declares them (ServerPlugin.errorCodes) and the client half maps them to texts.
 */
export const siweErrorCodes = [
  'rpc_unavailable', // 502: a contract wallet's signature could not be checked on chain
] as const
export type SiweErrorCode = (typeof siweErrorCodes)[number]
