import bs58 from 'bs58'
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { getAddress, isAddress } from 'viem'

/** A phone number as the sms plugin stores it (E.164), or null when it is not a valid number. */
export function phoneIdentifier(raw: string): string | null {
  const phone = parsePhoneNumberFromString(raw.trim())
  return phone?.isValid() ? phone.number : null
}

/** A wallet address as linked accounts store it (0x lower-cased; base58 as it is), with its display form and chain. */
export interface WalletIdentifier {
  identifier: string
  address: string
  chainType: 'ethereum' | 'solana'
}

/**
 * An Ethereum (0x) or Solana (base58, 32 bytes) address; null when neither. `strict` (storing one): a mixed-case 0x
 * address must carry a valid EIP-55 checksum; a lookup finds the address in any case.
 */
export function walletIdentifier(raw: string, { strict = false }: { strict?: boolean } = {}): WalletIdentifier | null {
  const value = raw.trim()
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) {
    if (strict && !isAddress(value, { strict: true })) return null
    return { identifier: value.toLowerCase(), address: getAddress(value), chainType: 'ethereum' }
  }
  if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) {
    try {
      if (bs58.decode(value).length === 32) return { identifier: value, address: value, chainType: 'solana' }
    } catch {
      return null
    }
  }
  return null
}
