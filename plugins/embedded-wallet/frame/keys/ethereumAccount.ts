import { bytesToHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount, type HDAccount, type PrivateKeyAccount } from 'viem/accounts'
import { isHdSecret, mnemonicOf, type WalletSecret } from './walletSecret.js'

/**
 * The Ethereum account of a wallet secret: the HD account `m/44'/60'/0'/0/{walletIndex}` of a root, or the
 * imported key's account (walletIndex must be 0).
 */
export function ethereumAccountOf(secret: WalletSecret, walletIndex = 0): HDAccount | PrivateKeyAccount {
  if (isHdSecret(secret)) return mnemonicToAccount(mnemonicOf(secret), { addressIndex: walletIndex })
  if (walletIndex !== 0) throw new Error('An imported wallet has only walletIndex 0')
  return privateKeyToAccount(bytesToHex(secret))
}
