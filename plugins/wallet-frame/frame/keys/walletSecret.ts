import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'

/** Bytes of a new wallet's entropy: a 12-word BIP-39 mnemonic. */
export const ENTROPY_BYTES = 16
/** Bytes of an imported wallet's secret: its private key. */
export const PRIVATE_KEY_BYTES = 32

/**
 * What the shares reconstruct: 16 bytes of BIP-39 entropy (an HD root: every walletIndex of it) or the
 * 32-byte private key of an imported wallet. The length tells them apart.
 */
export type WalletSecret = Uint8Array

/** A new HD root from the platform's CSPRNG (`crypto.getRandomValues`), never Math.random. */
export function newWalletSecret(): WalletSecret {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}

/** True for an HD root (mnemonic entropy), false for an imported private key. */
export function isHdSecret(secret: WalletSecret): boolean {
  return secret.length === ENTROPY_BYTES
}

/** The root's 12 words (shown only on the export page, inside the frame's origin). */
export function mnemonicOf(secret: WalletSecret): string {
  if (!isHdSecret(secret)) throw new Error('An imported wallet has no recovery phrase')
  return entropyToMnemonic(secret, wordlist)
}

const seeds = new WeakMap<WalletSecret, Uint8Array>()

/** The root's BIP-39 seed (no passphrase), the start of every derivation; kept per secret object while it lives. */
export function seedOf(secret: WalletSecret): Uint8Array {
  let seed = seeds.get(secret)
  if (!seed) seeds.set(secret, (seed = mnemonicToSeedSync(mnemonicOf(secret))))
  return seed
}
