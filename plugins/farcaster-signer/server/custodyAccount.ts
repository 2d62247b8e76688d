import { mnemonicToAccount, privateKeyToAccount, type LocalAccount } from 'viem/accounts'
import type { FarcasterSignerAppConfig } from './farcasterSignerAppConfig.js'

/**
 * The app's Farcaster custody account (the owner of `request_fid`) from its server-only section: `custody_private_key`
 * (0x + 32 bytes) or `custody_mnemonic` (BIP-39, the first account m/44'/60'/0'/0/0, as Warpcast exports it).
 */
export function custodyAccountOf(section: FarcasterSignerAppConfig): LocalAccount | null {
  if (section.custody_private_key) return privateKeyToAccount(section.custody_private_key as `0x${string}`)
  if (section.custody_mnemonic) return mnemonicToAccount(section.custody_mnemonic)
  return null
}
