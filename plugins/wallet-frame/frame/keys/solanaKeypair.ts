import { ed25519 } from '@noble/curves/ed25519'
import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha512'
import bs58 from 'bs58'
import type { WalletSecret } from './walletSecret.js'
import { seedOf } from './walletSeed.js'

const HARDENED = 0x80000000

/** SLIP-0010 ed25519 derivation of `path` (every index hardened, the only kind the scheme has for ed25519). */
export function slip10(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let node = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  for (const index of path) {
    const data = new Uint8Array(37)
    data.set(node.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, (index | HARDENED) >>> 0)
    node = hmac(sha512, node.subarray(32), data)
  }
  return node.slice(0, 32)
}

/** An embedded Solana wallet's key pair: ed25519 at `m/44'/501'/{walletIndex}'/0'` of the root's seed. */
export interface SolanaKeypair {
  /** The ed25519 private key (32 bytes); stays in the frame. */
  secretKey: Uint8Array
  publicKey: Uint8Array
  /** The base58 public key: the wallet's address. */
  address: string
}

/** Derives the Solana key pair of an HD root (imported Solana keys are not supported). */
export function solanaKeypairOf(secret: WalletSecret, walletIndex = 0): SolanaKeypair {
  const secretKey = slip10(seedOf(secret), [44, 501, walletIndex, 0])
  const publicKey = ed25519.getPublicKey(secretKey)
  return { secretKey, publicKey, address: bs58.encode(publicKey) }
}

/** Signs `message` with the key pair (ed25519, as Solana's signMessage). */
export function signSolanaMessage(keypair: SolanaKeypair, message: Uint8Array): Uint8Array {
  return ed25519.sign(message, keypair.secretKey)
}
