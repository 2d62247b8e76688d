import bs58 from 'bs58'
import { getAddress, isAddress } from 'viem'
import { isEthereumAddress, type WalletChainType } from '../../../wallet-frame/index.js'

/** An address as the server keeps it: the account identifier, the address to show and its chain. */
export interface NormalizedAddress {
  /** linked_accounts.identifier: a lower-cased 0x address, or the base58 address as it is (base58 is case-sensitive). */
  identifier: string
  /** The EIP-55 checksummed Ethereum address, or the base58 address. */
  address: string
  chainType: WalletChainType
}

/** Normalizes a wallet address the schema let through; null when it isn't one (bad checksum, not 32 bytes). */
export function normalizeAddress(value: string): NormalizedAddress | null {
  if (isEthereumAddress(value)) {
    // Mixed case must carry a valid EIP-55 checksum; all-lower or all-upper hex carries none.
    if (!isAddress(value, { strict: true })) return null
    return { identifier: value.toLowerCase(), address: getAddress(value), chainType: 'ethereum' }
  }
  try {
    if (bs58.decode(value).length !== 32) return null
  } catch {
    return null
  }
  return { identifier: value, address: value, chainType: 'solana' }
}

/** The identifier an address is looked up by (no checksum check: a lookup only finds what was stored). */
export const identifierOf = (value: string) => (isEthereumAddress(value) ? value.toLowerCase() : value)
