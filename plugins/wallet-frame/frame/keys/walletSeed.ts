import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { isHdSecret, type WalletSecret } from './walletSecret.js'

// BIP-39 (its English word list is the biggest part): in the chains' key modules and the pages that show a phrase, not
// in the frame kernel, which only splits, combines and checks secrets.

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
