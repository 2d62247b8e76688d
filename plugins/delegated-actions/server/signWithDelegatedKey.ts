import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { readSolanaMessage, readSolanaTransaction, signerIndex, withSignature } from '../../embedded-wallet/server.js'

/** Why a delegated signature is refused (server.ts answers each with its code). */
export class DelegatedSignRefusal extends Error {
  constructor(
    readonly reason: 'invalid_transaction' | 'program_not_allowed' | 'not_signer' | 'transaction_shaped_message',
    message: string,
  ) {
    super(message)
  }
}

/** The program ids a serialized transaction's instructions call (base58). Programs are static keys on Solana. */
export function transactionPrograms(bytes: Uint8Array): string[] {
  let tx
  try {
    tx = readSolanaTransaction(bytes)
  } catch (error) {
    throw new DelegatedSignRefusal('invalid_transaction', (error as Error).message)
  }
  return tx.instructions.map((ix) => {
    const key = tx.accountKeys[ix.programIdIndex]
    if (!key) throw new DelegatedSignRefusal('invalid_transaction', 'Invalid transaction: a program id is not a static account key')
    return bs58.encode(key)
  })
}

/**
 * Signs a serialized transaction (legacy or v0) with a delegated wallet's key, after the app's policy: every
 * instruction's program must be in `allowedPrograms`, and the wallet must be one of the required signers. Answers the
 * transaction with the wallet's signature in its slot.
 */
export function signDelegatedTransaction(secretKey: Uint8Array, bytes: Uint8Array, allowedPrograms: readonly string[]): Uint8Array {
  const refused = transactionPrograms(bytes).filter((program) => !allowedPrograms.includes(program))
  if (refused.length) throw new DelegatedSignRefusal('program_not_allowed', `Program not allowed: ${[...new Set(refused)].join(', ')}`)
  const tx = readSolanaTransaction(bytes)
  const index = signerIndex(tx, ed25519.getPublicKey(secretKey))
  if (index < 0) throw new DelegatedSignRefusal('not_signer', "The transaction does not contain the signer's public key")
  return withSignature(bytes, tx, index, ed25519.sign(tx.message, secretKey))
}

/**
 * Signs an off-chain message. A message that reads as a Solana transaction message is refused: its signature would be
 * a valid transaction signature, a way around the program policy.
 */
export function signDelegatedMessage(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  let transactionShaped = false
  try {
    readSolanaMessage(message)
    transactionShaped = true
  } catch {
    // Not a transaction message: fine to sign.
  }
  if (transactionShaped) throw new DelegatedSignRefusal('transaction_shaped_message', 'signMessage refuses a Solana transaction message')
  return ed25519.sign(message, secretKey)
}
