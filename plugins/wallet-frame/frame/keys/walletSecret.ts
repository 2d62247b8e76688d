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
