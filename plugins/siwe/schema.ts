import * as v from 'valibot'
import { ModeSchema, TransferNonceSchema } from '../../core/protocol/index.js'

/** How long a nonce from siwe/init stays usable (the 10 minutes). */
export const NONCE_TTL_SECONDS = 600
/** The oldest Issued At the server accepts, and how far in the future a wallet's clock may be. */
export const MAX_MESSAGE_AGE_SECONDS = 600
export const MAX_CLOCK_SKEW_SECONDS = 60
/** The spec's "one wallet route waits 2.5 seconds before prompting for the signature". */
export const SIGNATURE_PROMPT_DELAY_MS = 2_500
/** Wallets a user may link by default (the spec's 1-per-type rule would forbid a second wallet). */
export const DEFAULT_MAX_WALLETS_PER_USER = 10

/** The spec's wallet sign-in texts (§8, wallet connection). */
export const siweTexts = {
  unableToAuthorize: 'Unable to authorize user',
  userRejected: 'Signature request was rejected',
  useDifferentWallet: 'Use a different wallet',
  linkedToAnother: 'This account has already been linked to another user.',
  notConnected: 'Wallet is not currently connected',
} as const

/** An Ethereum address as hex (any case; EIP-55 is checked where it matters, with viem). */
export const AddressSchema = v.pipe(v.string('address must be a string'), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'))
/** An EIP-4361 message; the bound keeps parsing cheap. */
export const MessageSchema = v.pipe(v.string('message must be a string'), v.nonEmpty('message is required'), v.maxLength(8192, 'message is too long'))
/** A hex signature: 65 bytes for an EOA, longer for contract wallets (ERC-1271 / ERC-6492), bounded. */
export const SignatureSchema = v.pipe(v.string('signature must be a string'), v.regex(/^0x(?:[0-9a-fA-F]{2}){64,8192}$/, 'Invalid signature'))
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
const CaptchaToken = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096))))

/** POST /api/v1/siwe/init */
export const InitInputSchema = v.object({ address: AddressSchema, token: CaptchaToken })
/** Answer of init: an EIP-4361 nonce (alphanumeric, 128 random bits). */
export const InitOutputSchema = v.object({ nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,}$/)) })
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
/** Smart-wallet kinds Privy names, and `simple` (eth-infinitism's SimpleAccount, plugins/smart-wallets). */
export const SmartWalletTypeSchema = v.picklist(
  ['safe', 'kernel', 'light_account', 'biconomy', 'coinbase_smart_wallet', 'thirdweb', 'nexus', 'simple'],
  'Invalid smart_wallet_type',
)
/** POST /api/v1/siwe/link_smart_wallet */
export const LinkSmartWalletInputSchema = v.object({ message: MessageSchema, signature: SignatureSchema, smart_wallet_type: SmartWalletTypeSchema })

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
