import { ed25519 } from '@noble/curves/ed25519'
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { FrameFailure } from './frameFailure.js'
import { isHdSecret, seedOf, type WalletSecret } from './keys/walletSecret.js'
import type { UnlockedWallet } from './walletVault.js'

/** Bytes of a Farcaster message hash (BLAKE3-160, the hub's `hash` field). */
export const FARCASTER_HASH_BYTES = 20

const SALT = new TextEncoder().encode('foyer:farcaster-signer')

/**
 * The Farcaster signer key of an embedded Ethereum wallet: an ed25519 private key made deterministically from the
 * wallet's secret, so a recovery on a new device makes the same key and the signer the user approved keeps working.
 *
 * Why HKDF-SHA256 and not a SLIP-0010 path: Farcaster signer keys have no standard derivation (Warpcast and the hubs
 * use random keys, and there's no SLIP-44 coin type for them), so a path would be one we invent, and any wallet the
 * user later imports the recovery phrase into could derive a key on it for something else. HKDF with our own salt and
 * info string is domain-separated from every BIP-32/SLIP-0010 key of the same seed, and works the same for an
 * imported wallet, whose secret is a private key with no seed. Input keying material: the BIP-39 seed of an HD root
 * (one key per walletIndex), the private key of an imported wallet. The key never leaves the frame.
 */
export function farcasterSignerKeyOf(secret: WalletSecret, walletIndex = 0): Uint8Array {
  const ikm = isHdSecret(secret) ? seedOf(secret) : secret
  return hkdf(sha256, ikm, SALT, new TextEncoder().encode(`farcaster-signer/v1/wallet/${walletIndex}`), 32)
}

/** The signer's ed25519 public key, 0x-hex (32 bytes): what the app's custody account signs a key request for. */
export function farcasterSignerPublicKey(secret: WalletSecret, walletIndex = 0): `0x${string}` {
  return `0x${bytesToHex(ed25519.getPublicKey(farcasterSignerKeyOf(secret, walletIndex)))}`
}

/** Signs a Farcaster message hash (the hub's `signature` field: ed25519 over the 20-byte hash). */
export function signFarcasterHash(secret: WalletSecret, walletIndex: number, hash: Uint8Array): `0x${string}` {
  return `0x${bytesToHex(ed25519.sign(hash, farcasterSignerKeyOf(secret, walletIndex)))}`
}

/** Only an embedded Ethereum wallet has a Farcaster signer (the server checks the same). */
function assertEthereum(wallet: UnlockedWallet) {
  if (wallet.root.chainType !== 'ethereum') throw new FrameFailure('invalid_request_arguments', 'Farcaster signers need an embedded Ethereum wallet')
}

/** `foyer:farcaster:init-signer` on an unlocked wallet: its signer's public key. */
export function initFarcasterSigner(wallet: UnlockedWallet): { publicKey: `0x${string}` } {
  assertEthereum(wallet)
  return { publicKey: farcasterSignerPublicKey(wallet.secret, wallet.walletIndex) }
}

/**
 * `foyer:farcaster:sign` on an unlocked wallet: `hash` must be a Farcaster message hash (0x + 20 bytes) and `fid` the
 * user's fid (a positive safe integer; hub messages carry it next to the signature, the key itself is per wallet).
 */
export function signFarcasterMessage(wallet: UnlockedWallet, hash: unknown, fid: unknown): { signature: `0x${string}`; publicKey: `0x${string}` } {
  assertEthereum(wallet)
  if (typeof hash !== 'string' || !new RegExp(`^0x[0-9a-fA-F]{${FARCASTER_HASH_BYTES * 2}}$`).test(hash)) {
    throw new FrameFailure('invalid_request_arguments', `hash must be 0x and ${FARCASTER_HASH_BYTES} bytes of hex`)
  }
  if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0) throw new FrameFailure('invalid_request_arguments', 'fid must be a positive integer')
  return {
    signature: signFarcasterHash(wallet.secret, wallet.walletIndex, hexToBytes(hash.slice(2))),
    publicKey: farcasterSignerPublicKey(wallet.secret, wallet.walletIndex),
  }
}
