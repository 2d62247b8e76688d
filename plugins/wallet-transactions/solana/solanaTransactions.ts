import { BaseError, FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import { toProviderRpcError } from '../../../core/client/wallets/providerRpcError.js'
import { confirmSolanaSignature, sendSolanaRawTransaction, solanaRpc, solanaWsUrlOf } from '../../../core/client/wallets/solanaRpc.js'
import type { TransactionFailureCode } from '../transactionFailure.js'
import { SOLANA_SEND_SCREEN } from '../transactionScreens.js'
import type { SolanaNetwork, TransactionWallet } from '../transactionWallet.js'

/**
 * A @solana/web3.js 1.98 transaction, as far as the wallet needs it: a `Transaction` (legacy: feePayer,
 * recentBlockhash, serialize with options, static `from`) or a `VersionedTransaction` (version, serialize, static
 * `deserialize`). The wallet never imports web3.js: it reads and signs the wire bytes.
 */
export type SolanaTransactionInput = {
  serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array
}
type LegacyLike = SolanaTransactionInput & {
  feePayer?: unknown
  recentBlockhash?: string
  instructions?: { programId?: { constructor: new (value: string) => unknown } }[]
}

/** Host texts of the Solana send screen (Privy's `uiOptions`). */
export interface SolanaTransactionUiOptions {
  title?: string
  description?: string
  buttonText?: string
  successHeader?: string
  successDescription?: string
  iconUrl?: string
}

/** What the screen previews and sends. */
export interface SendSolanaTransactionParams {
  /** The wallet that signs. */
  wallet: TransactionWallet
  address: string
  /** The serialized transaction, unsigned (base64). */
  transaction: string
  rpcUrl: string
  wsUrl: string
  /** The cluster's name, for the Network line and the funding request of 'Add funds' (unknown for a caller's connection). */
  network?: SolanaNetwork
  uiOptions?: SolanaTransactionUiOptions
  /** 'usd': amounts also in dollars (the server's token_price of SOL); 'native': in SOL only. */
  priceDisplay: 'usd' | 'native'
  /** What the screen reached (read when the modal is closed instead of Close): the signature, or the failure. */
  outcome?: { signature?: string; failure?: { code: TransactionFailureCode; message: string; logs: string[] } }
}

/**
 * A send the node refused (or that failed on chain, or whose confirmation timed out), as closing the error screen
 * answers it: the error screen's code (§8), the message and the node's logs.
 */
export class SolanaTransactionError extends Error {
  override name = 'SolanaTransactionError'
  constructor(
    message: string,
    readonly logs: string[] = [],
    readonly code: TransactionFailureCode = 'TRANSACTION_FAILURE',
  ) {
    super(message)
  }
}

/** Options of sendTransaction (Privy's shape). */
export interface SendSolanaTransactionOptions {
  uiOptions?: SolanaTransactionUiOptions & { showWalletUIs?: boolean }
  /** Which embedded Solana wallet (default the first). */
  address?: string
}

/** What sendTransaction answers. */
export interface SendSolanaTransactionResult {
  signature: string
}

/** A web3.js Connection, as far as the wallet needs it: its endpoint. */
export type SolanaConnectionLike = { rpcEndpoint: string }

const toBase64 = (bytes: Uint8Array) => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

const isVersioned = (tx: SolanaTransactionInput) => 'version' in tx && (tx as { version?: unknown }).version !== undefined

/**
 * The transaction's bytes to sign: a versioned transaction as it is; a legacy one with the wallet as fee payer when it
 * names none, and the node's latest blockhash when it has none (both set on the object, as the wallet adapters do).
 */
export async function transactionBytes(tx: SolanaTransactionInput, address: string, rpcUrl: string | undefined): Promise<Uint8Array> {
  if (!tx || typeof tx.serialize !== 'function') throw new FlowError('Invalid transaction: expected a @solana/web3.js Transaction or VersionedTransaction', 'INVALID_TRANSACTION')
  if (isVersioned(tx)) return tx.serialize()
  const legacy = tx as LegacyLike
  if (!legacy.feePayer) {
    const PublicKey = legacy.instructions?.[0]?.programId?.constructor
    if (!PublicKey) throw new FlowError('Transaction fee payer required', 'INVALID_TRANSACTION')
    legacy.feePayer = new PublicKey(address)
  }
  if (!legacy.recentBlockhash) {
    if (!rpcUrl) throw new FlowError('Transaction recentBlockhash required', 'INVALID_TRANSACTION')
    legacy.recentBlockhash = (await solanaRpc<{ value: { blockhash: string } }>(rpcUrl, 'getLatestBlockhash', [{ commitment: 'confirmed' }])).value.blockhash
  }
  return legacy.serialize({ requireAllSignatures: false, verifySignatures: false })
}

/** The signed bytes as an object of the caller's class (Transaction.from / VersionedTransaction.deserialize). */
export function asTransaction<T extends SolanaTransactionInput>(tx: T, signed: Uint8Array): T {
  const ctor = tx.constructor as { from?: (bytes: Uint8Array) => T; deserialize?: (bytes: Uint8Array) => T }
  if (isVersioned(tx) && ctor.deserialize) return ctor.deserialize(signed)
  if (ctor.from) return ctor.from(signed)
  throw new FlowError('Invalid transaction', 'INVALID_TRANSACTION')
}

/** Signs `tx` with the embedded Solana wallet (no screen); answers the signed transaction, of the caller's class. */
export async function signSolanaTransaction<T extends SolanaTransactionInput>(wallet: TransactionWallet, tx: T, address: string | undefined): Promise<T> {
  const signer = wallet.solanaAddress(address)
  const bytes = await transactionBytes(tx, signer, wallet.solanaCluster().rpcUrl)
  return asTransaction(tx, await wallet.signSolanaTransaction(signer, bytes))
}

/** Signs, sends and confirms serialized bytes (no screen). */
export async function signSendConfirm(wallet: TransactionWallet, address: string, bytes: Uint8Array, endpoints: { rpcUrl: string; wsUrl: string }): Promise<string> {
  const signed = await wallet.signSolanaTransaction(address, bytes)
  const signature = await sendSolanaRawTransaction(endpoints.rpcUrl, signed)
  await confirmSolanaSignature(endpoints.rpcUrl, endpoints.wsUrl, signature)
  return signature
}

/**
 * Sends `tx` with the embedded Solana wallet over `connection` (default the configured cluster): on the 'Confirm
 * transaction' screen (instructions, fee, balance) unless wallet UIs are off, then signed in the frame, sent,
 * confirmed, and the receipt shown. Answers `{ signature }`; closing the screen rejects (4001).
 */
export async function sendSolanaTransaction(
  foyer: Foyer,
  wallet: TransactionWallet,
  tx: SolanaTransactionInput,
  connection: SolanaConnectionLike | undefined,
  options: SendSolanaTransactionOptions,
): Promise<SendSolanaTransactionResult> {
  const address = wallet.solanaAddress(options.address)
  const cluster = wallet.solanaCluster()
  const rpcUrl = connection?.rpcEndpoint ?? cluster.rpcUrl
  const endpoints = { rpcUrl, wsUrl: connection?.rpcEndpoint ? solanaWsUrlOf(rpcUrl) : cluster.wsUrl }
  const bytes = await transactionBytes(tx, address, rpcUrl)
  if (!wallet.prompt(options.uiOptions?.showWalletUIs)) return { signature: await signSendConfirm(wallet, address, bytes, endpoints) }
  const { showWalletUIs: _hidden, ...uiOptions } = options.uiOptions ?? {}
  const outcome: NonNullable<SendSolanaTransactionParams['outcome']> = {}
  const params: SendSolanaTransactionParams = { wallet, address, transaction: toBase64(bytes), ...endpoints, ...(connection ? {} : { network: cluster.name }), uiOptions, priceDisplay: wallet.priceDisplay, outcome }
  try {
    return await foyer.modal.request<SendSolanaTransactionResult>(SOLANA_SEND_SCREEN, params, { intent: 'transaction' })
  } catch (error) {
    // Closing the receipt instead of Close still answers the sent transaction; closing the error screen its error.
    if (outcome.signature) return { signature: outcome.signature }
    if (outcome.failure) throw new SolanaTransactionError(outcome.failure.message, outcome.failure.logs, outcome.failure.code)
    // Closing the confirmation: EIP-1193's 4001 'The user rejected the request.', as on Ethereum.
    throw error instanceof BaseError && error.code === 'USER_REJECTED_REQUEST' ? toProviderRpcError(error) : error
  }
}
