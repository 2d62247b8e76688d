import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ConnectorError } from '../../core/errors/index.js'
import { walletTexts } from '../../core/client/wallets/walletErrors.js'
import { featureOf, features, type SolanaSignAndSendTransactionFeature, type SolanaSignTransactionFeature } from './walletStandardTypes.js'

/**
 * A @solana/web3.js 1.98 transaction, duck-typed (web3.js is an optional peer: never imported here): a legacy
 * `Transaction` (serialize with options, fee payer, blockhash, static `from`) or a `VersionedTransaction` (`version`,
 * serialize, static `deserialize`).
 */
type TransactionLike = {
  serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array
  version?: unknown
  feePayer?: unknown
  recentBlockhash?: string
  instructions?: { programId?: { constructor: new (value: string) => unknown } }[]
}

/** A web3.js Connection, as far as sending needs it. */
type ConnectionLike = {
  sendRawTransaction?(bytes: Uint8Array): Promise<string>
  getLatestBlockhash?(): Promise<{ blockhash: string }>
  commitment?: string
}

const invalid = () => new ConnectorError('Invalid transaction: expected a @solana/web3.js Transaction or VersionedTransaction', { code: 'INVALID_TRANSACTION' })
const unsupported = () => new ConnectorError(walletTexts.unsupportedWallet, { code: 'SOLANA_SIGN_TRANSACTION_UNSUPPORTED' })
const isVersioned = (tx: TransactionLike) => tx.version !== undefined

/**
 * The bytes to hand the wallet: a versioned transaction as it is; a legacy one unsigned-tolerant, with the account as
 * fee payer when it names none and the connection's latest blockhash when it has none (set on the object, as the
 * wallet adapters do).
 */
async function transactionBytes(tx: unknown, address: string, connection: ConnectionLike | undefined): Promise<Uint8Array> {
  const t = tx as TransactionLike | null
  if (!t || typeof t !== 'object' || typeof t.serialize !== 'function') throw invalid()
  if (isVersioned(t)) return t.serialize()
  if (!t.feePayer) {
    const PublicKey = t.instructions?.[0]?.programId?.constructor
    if (!PublicKey) throw new ConnectorError('Transaction fee payer required', { code: 'INVALID_TRANSACTION' })
    t.feePayer = new PublicKey(address)
  }
  if (!t.recentBlockhash && typeof connection?.getLatestBlockhash === 'function') t.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
  return t.serialize({ requireAllSignatures: false, verifySignatures: false })
}

/** The signed bytes as an object of the input's class (VersionedTransaction.deserialize / Transaction.from). */
function asTransaction<T>(tx: T, signed: Uint8Array): T {
  const ctor = (tx as { constructor: { from?: (bytes: Uint8Array) => T; deserialize?: (bytes: Uint8Array) => T } }).constructor
  if (isVersioned(tx as TransactionLike) && typeof ctor.deserialize === 'function') return ctor.deserialize(signed)
  if (typeof ctor.from === 'function') return ctor.from(signed)
  throw invalid()
}

/**
 * `signSolanaTransaction` / `sendSolanaTransaction` of a wallet-standard connector: `account(address)` answers the
 * authorised account (or throws), `chainOf` its solana chain. A wallet's rejection propagates unchanged.
 */
export function walletStandardTransactions(wallet: Wallet, account: (address: string) => WalletAccount, chainOf: (account: WalletAccount) => string) {
  const signBytes = async (address: string, tx: unknown, connection?: ConnectionLike): Promise<Uint8Array> => {
    const sign = featureOf<SolanaSignTransactionFeature, 'solana:signTransaction'>(wallet, features.signTransaction)
    if (!sign) throw unsupported()
    const from = account(address)
    const transaction = await transactionBytes(tx, address, connection)
    const [output] = await sign.signTransaction({ account: from, transaction, chain: chainOf(from) })
    if (!output?.signedTransaction?.length) throw new ConnectorError(walletTexts.unableToAuthorize, { code: 'INVALID_SIGNATURE' })
    return output.signedTransaction
  }

  return {
    /** Signs with `solana:signTransaction`; answers the signed transaction, of the input's class. */
    async signSolanaTransaction<T>(address: string, transaction: T): Promise<T> {
      return asTransaction(transaction, await signBytes(address, transaction))
    },
    /**
     * Sends with `solana:signAndSendTransaction` (to the account's chain), else signs with `solana:signTransaction` and
     * sends over `connection` (a web3.js Connection); answers the base58 signature.
     */
    async sendSolanaTransaction(address: string, transaction: unknown, connection?: unknown): Promise<string> {
      const conn = connection as ConnectionLike | undefined
      const send = featureOf<SolanaSignAndSendTransactionFeature, 'solana:signAndSendTransaction'>(wallet, features.signAndSendTransaction)
      if (send) {
        const from = account(address)
        const bytes = await transactionBytes(transaction, address, conn)
        const options = conn?.commitment ? { preflightCommitment: conn.commitment } : undefined
        const [output] = await send.signAndSendTransaction({ account: from, transaction: bytes, chain: chainOf(from), ...(options ? { options } : {}) })
        if (!output?.signature || output.signature.length !== 64) throw new ConnectorError(walletTexts.unableToAuthorize, { code: 'INVALID_SIGNATURE' })
        return (await import('bs58')).default.encode(output.signature)
      }
      if (!(features.signTransaction in wallet.features) || typeof conn?.sendRawTransaction !== 'function') throw unsupported()
      return conn.sendRawTransaction(await signBytes(address, transaction, conn))
    },
  }
}
