import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { verifyMessage } from 'viem'
import type { WalletChainType } from '../../../wallet-frame/index.js'

/**
 * Whether `signature` is the wallet at `address`'s signature of `statement` (custodyStatement.ts): an EIP-191
 * personal-message signature by the Ethereum key (recovered, compared; no RPC — an embedded wallet is an EOA), or an
 * ed25519 signature of the UTF-8 bytes by the Solana key (its address is the public key).
 */
export async function isCustodySignatureValid(chain: WalletChainType, address: string, statement: string, signature: string): Promise<boolean> {
  try {
    if (chain === 'ethereum') {
      if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false
      return await verifyMessage({ address: address as `0x${string}`, message: statement, signature: signature as `0x${string}` })
    }
    const bytes = Buffer.from(signature, 'base64')
    if (bytes.length !== 64) return false
    return ed25519.verify(bytes, new TextEncoder().encode(statement), bs58.decode(address))
  } catch {
    return false
  }
}
