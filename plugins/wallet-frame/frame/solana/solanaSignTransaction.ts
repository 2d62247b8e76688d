import { readSolanaTransaction, signerIndex, withSignature } from '../../../../core/client/wallets/solanaWire.js'
import { FrameFailure } from '../frameFailure.js'
import { signSolanaMessage, type SolanaKeypair } from '../keys/solanaKeypair.js'

/** The spec's rule (§5): signing needs the transaction to contain the signer's public key. */
export const SOLANA_SIGNER_MISSING = "The transaction does not contain the signer's public key"

/**
 * Signs a serialized Solana transaction (legacy or v0) with the wallet's key pair, in the frame: the wallet must be
 * one of the message's required signers; its signature goes in its slot and the signed bytes come back (other
 * signers' slots as they were). Read with the wire format, not @solana/web3.js: the frame stays small.
 */
export function signSolanaTransaction(keypair: SolanaKeypair, bytes: Uint8Array): Uint8Array {
  let tx
  try {
    tx = readSolanaTransaction(bytes)
  } catch (error) {
    throw new FrameFailure('invalid_request_arguments', (error as Error).message)
  }
  const index = signerIndex(tx, keypair.publicKey)
  if (index < 0) throw new FrameFailure('invalid_request_arguments', SOLANA_SIGNER_MISSING)
  return withSignature(bytes, tx, index, signSolanaMessage(keypair, tx.message))
}
