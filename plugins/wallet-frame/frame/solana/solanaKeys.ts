// The frame's Solana keys: ed25519 (SLIP-0010 derivation, signatures), the transaction wire format and the BIP-39 seed.
// A module of its own (kernel-solana-<hash>.js), loaded by the hidden frame the first time a Solana wallet is created,
// unlocked or signs with: a user with Ethereum wallets only never loads it. The export page bundles it.
import { signSolanaMessage, solanaKeypairOf } from '../keys/solanaKeypair.js'
import { seedOf } from '../keys/walletSeed.js'
import { signSolanaTransaction } from './solanaSignTransaction.js'

/** What the kernel does with a Solana wallet's key. */
export const solanaKeys = { keypairOf: solanaKeypairOf, signMessage: signSolanaMessage, signTransaction: signSolanaTransaction, seedOf }
