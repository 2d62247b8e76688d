import { secp256k1 } from '@noble/curves/secp256k1'
import { keccak_256 } from '@noble/hashes/sha3'
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import { HDKey } from '@scure/bip32'
import { isHdSecret, type WalletSecret } from './walletSecret.js'
import { seedOf } from './walletSeed.js'

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`

/** One Ethereum wallet's key: its private key (stays in the frame) and its EIP-55 address. */
export interface EthereumKey {
  readonly privateKey: Uint8Array
  readonly address: Hex
}

// Keys per unlocked secret (the vault keeps one object per root): a signature then costs the signature, not the
// mnemonic's 2048 PBKDF2 rounds and the BIP-32 path again. Entries go with the secret.
const derived = new WeakMap<WalletSecret, Map<number, EthereumKey>>()

/** EIP-55: the address's hex letters upper-cased where keccak256 of its lower-case hex has a nibble ≥ 8. */
export function checksumAddress(lowerHex40: string): Hex {
  const hash = bytesToHex(keccak_256(utf8ToBytes(lowerHex40)))
  let out = '0x'
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? lowerHex40[i]!.toUpperCase() : lowerHex40[i]!
  return out as Hex
}

/** The address of a secp256k1 private key: the last 20 bytes of keccak256 of its uncompressed public key. */
export function ethereumAddressOf(privateKey: Uint8Array): Hex {
  const publicKey = secp256k1.getPublicKey(privateKey, false).subarray(1)
  return checksumAddress(bytesToHex(keccak_256(publicKey).subarray(12)))
}

/**
 * The Ethereum key of a wallet secret: BIP-32 `m/44'/60'/0'/0/{walletIndex}` of a root's seed, or the imported key
 * itself (walletIndex must be 0). The same keys and addresses as viem's hdKeyToAccount / privateKeyToAccount, with the
 * curve and hashes the frame kernel already holds (viem stays in the Ethereum signing half).
 */
export function ethereumKeyOf(secret: WalletSecret, walletIndex = 0): EthereumKey {
  if (!isHdSecret(secret) && walletIndex !== 0) throw new Error('An imported wallet has only walletIndex 0')
  let keys = derived.get(secret)
  if (!keys) derived.set(secret, (keys = new Map()))
  let key = keys.get(walletIndex)
  if (!key) {
    const privateKey = isHdSecret(secret) ? HDKey.fromMasterSeed(seedOf(secret)).derive(`m/44'/60'/0'/0/${walletIndex}`).privateKey! : secret
    key = { privateKey, address: ethereumAddressOf(privateKey) }
    keys.set(walletIndex, key)
  }
  return key
}

/**
 * A secp256k1 signature of a 32-byte digest as Ethereum serializes it: r ‖ s ‖ v (v = 27 + recovery id), low s,
 * deterministic (RFC 6979), as viem's `sign` makes it.
 */
export function signEthereumDigest(privateKey: Uint8Array, digest: Uint8Array): Hex {
  if (digest.length !== 32) throw new Error('A digest is 32 bytes')
  const signature = secp256k1.sign(digest, privateKey, { lowS: true })
  return `0x${signature.toCompactHex()}${(27 + signature.recovery).toString(16)}`
}

/** EIP-191's personal-message digest of a text: keccak256("\x19Ethereum Signed Message:\n" + length + bytes). */
export function personalMessageDigest(message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes))
}
