import * as v from 'valibot'

/** The Solana System Program: SOL transfers. The default `allowed_programs` with the Compute Budget program. */
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111'
/** The Compute Budget program (priority fees, compute limits). */
export const COMPUTE_BUDGET_PROGRAM_ID = 'ComputeBudget111111111111111111111111111111'
/** What an app may sign for delegated wallets when its section names no `allowed_programs`. */
export const DEFAULT_ALLOWED_PROGRAMS = [SYSTEM_PROGRAM_ID, COMPUTE_BUDGET_PROGRAM_ID] as const

/** The header of the ES256 authorization signature (the back-end API's second way to authenticate). */
export const AUTHORIZATION_SIGNATURE_HEADER = 'foyer-authorization-signature'
/**
 * The request's deadline, Unix milliseconds (Privy's `privy-request-expiry`): required with a signature, which covers
 * it; refused once passed (401 request_expired) or when more than 5 minutes ahead of the server's clock.
 */
export const REQUEST_EXPIRY_HEADER = 'foyer-request-expiry'
/**
 * A key used once per app (Privy's `privy-idempotency-key`: up to 256 characters, a UUID v4 recommended): required with
 * a signature, which covers it; remembered until the request expires, and a second use is 409 idempotency_key_reused.
 */
export const IDEMPOTENCY_KEY_HEADER = 'foyer-idempotency-key'
/** How far ahead of the server's clock a request's expiry may be: the window a captured request could be replayed in. */
export const MAX_REQUEST_EXPIRY_MS = 5 * 60 * 1000

const B64 = /^[A-Za-z0-9+/]+={0,2}$/
/** A base58 ed25519 public key: 32 bytes are 32 to 44 characters (the server decodes it to check the length). */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** True for the shape of a base58 Solana address. */
export const isSolanaAddress = (value: string) => SOLANA_ADDRESS.test(value)

/**
 * POST /api/v1/delegated_actions/solana/rpc (the host's back end, no user present): sign a transaction or a message
 * with a delegated wallet of the app. Base64 in, base64 out.
 */
export const DelegatedSolanaRpcInputSchema = v.variant('method', [
  v.strictObject({
    address: v.pipe(v.string(), v.regex(SOLANA_ADDRESS, 'Invalid Solana address')),
    chain_type: v.optional(v.literal('solana')),
    method: v.literal('signTransaction'),
    params: v.strictObject({ transaction: v.pipe(v.string(), v.maxLength(4096), v.regex(B64, 'transaction must be base64')) }),
  }),
  v.strictObject({
    address: v.pipe(v.string(), v.regex(SOLANA_ADDRESS, 'Invalid Solana address')),
    chain_type: v.optional(v.literal('solana')),
    method: v.literal('signMessage'),
    params: v.strictObject({ message: v.pipe(v.string(), v.maxLength(8192), v.regex(B64, 'message must be base64')) }),
  }),
])
export type DelegatedSolanaRpcInput = v.InferInput<typeof DelegatedSolanaRpcInputSchema>

/** The rpc route's answer. */
export type DelegatedSolanaRpcResult =
  | { method: 'signTransaction'; data: { signed_transaction: string; encoding: 'base64' } }
  | { method: 'signMessage'; data: { signature: string; encoding: 'base64' } }

/** Codes the plugin's routes answer that core doesn't declare (the client maps each, `errors` in index.ts). */
export const delegatedActionsErrorCodes = [
  'delegated_actions_disabled',
  'delegation_wallet_not_found',
  'wallet_already_delegated',
  'invalid_delegation',
  'no_delegated_wallets',
  'wallet_not_delegated',
  'program_not_allowed',
  'request_expired',
  'idempotency_key_reused',
] as const

/** Server messages (never carry keys, envelopes or request bodies). */
export const delegatedActionsServerTexts = {
  disabled: 'Delegated actions are not enabled for this app',
  walletNotFound: 'Must have an embedded Solana wallet with this address to delegate actions',
  alreadyDelegated: 'This wallet has already been delegated',
  invalidDelegation: 'The delegated key does not match the wallet',
  keyChanged: 'The delegation key changed, please try again',
  noDelegatedWallets: 'Must have at least one delegated wallet to revoke access',
  notDelegated: 'This wallet is not delegated to the app (or its delegation was revoked)',
  programNotAllowed: 'The transaction calls a program the app does not allow for delegated wallets',
  badCredentials: 'Invalid app credentials or authorization signature',
  notSigner: "The transaction does not contain the signer's public key",
  transactionShapedMessage: 'signMessage refuses a message that is a Solana transaction message; use signTransaction',
  browserRefused: 'The delegated actions API is for the app\'s back end; browsers may not call it',
  expiryRequired: `${REQUEST_EXPIRY_HEADER}: required with an authorization signature (the request's deadline, Unix milliseconds)`,
  expiryMalformed: `${REQUEST_EXPIRY_HEADER}: must be a Unix timestamp in milliseconds`,
  expiryTooFar: `${REQUEST_EXPIRY_HEADER}: must be at most 5 minutes after the server's clock`,
  requestExpired: `The request expired (its ${REQUEST_EXPIRY_HEADER} has passed): sign a new request`,
  keyRequired: `${IDEMPOTENCY_KEY_HEADER}: required with an authorization signature (a new key per request, e.g. a UUID v4)`,
  keyMalformed: `${IDEMPOTENCY_KEY_HEADER}: must be 1 to 256 visible ASCII characters`,
  keyReused: `This ${IDEMPOTENCY_KEY_HEADER} was already used: each request needs a new key`,
} as const
