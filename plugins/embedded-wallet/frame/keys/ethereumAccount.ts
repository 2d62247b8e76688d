import { bytesToHex } from 'viem'
import { HDKey, hdKeyToAccount, privateKeyToAccount, type HDAccount, type PrivateKeyAccount } from 'viem/accounts'
import { isHdSecret, seedOf, type WalletSecret } from './walletSecret.js'

// Derived accounts per unlocked secret (the vault keeps one object per root): a signature then costs the signature,
// not the mnemonic's 2048 PBKDF2 rounds again. Entries go with the secret.
const derived = new WeakMap<WalletSecret, Map<number, HDAccount | PrivateKeyAccount>>()

/**
 * The Ethereum account of a wallet secret: the HD account `m/44'/60'/0'/0/{walletIndex}` of a root, or the
 * imported key's account (walletIndex must be 0).
 */
export function ethereumAccountOf(secret: WalletSecret, walletIndex = 0): HDAccount | PrivateKeyAccount {
  if (!isHdSecret(secret) && walletIndex !== 0) throw new Error('An imported wallet has only walletIndex 0')
  let accounts = derived.get(secret)
  if (!accounts) derived.set(secret, (accounts = new Map()))
  let account = accounts.get(walletIndex)
  if (!account) {
    account = isHdSecret(secret) ? hdKeyToAccount(HDKey.fromMasterSeed(seedOf(secret)), { addressIndex: walletIndex }) : privateKeyToAccount(bytesToHex(secret))
    accounts.set(walletIndex, account)
  }
  return account
}
