import { combine, split } from 'shamir-secret-sharing'
import type { WalletSecret } from './walletSecret.js'

/** The three shares of a wallet secret; any two rebuild it (Shamir 2-of-3). */
export interface WalletShares {
  /** Kept in the frame origin's IndexedDB. */
  device: Uint8Array
  /** Kept on the server, encrypted under its wallet key; released to the frame with an access token. */
  auth: Uint8Array
  /** Kept encrypted under the key of the wallet's recovery method. */
  recovery: Uint8Array
}

/** Splits a secret into device, auth and recovery shares (fresh randomness for each split). */
export async function splitWalletSecret(secret: WalletSecret): Promise<WalletShares> {
  const [device, auth, recovery] = await split(secret, 3, 2)
  return { device: device!, auth: auth!, recovery: recovery! }
}

/**
 * Rebuilds the secret from two shares. The library does not check what it rebuilds: a corrupted or foreign
 * share gives other bytes without an error, so callers compare the derived address with the stored one.
 */
export async function combineWalletShares(a: Uint8Array, b: Uint8Array): Promise<WalletSecret> {
  if (a.length !== b.length || a.length < 2) throw new Error('Shares of different wallets')
  return combine([a, b])
}
