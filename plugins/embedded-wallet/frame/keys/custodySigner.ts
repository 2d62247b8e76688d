import type { WalletChainType } from '../../schema.js'
import { toBase64 } from '../base64.js'
import { ethereumKeyOf, personalMessageDigest, signEthereumDigest } from './ethereumKey.js'
import { signSolanaMessage, solanaKeypairOf } from './solanaKeypair.js'
import type { WalletSecret } from './walletSecret.js'

/**
 * The wallet's signature of a custody statement (custodyStatement.ts): EIP-191 personal message by the Ethereum key of
 * `walletIndex`, or ed25519 over the UTF-8 bytes by the Solana key (base64), as the server verifies it.
 */
export async function signCustodyStatement(chain: WalletChainType, secret: WalletSecret, walletIndex: number, statement: string): Promise<string> {
  if (chain === 'ethereum') return signEthereumDigest(ethereumKeyOf(secret, walletIndex).privateKey, personalMessageDigest(statement))
  return toBase64(signSolanaMessage(solanaKeypairOf(secret, walletIndex), new TextEncoder().encode(statement)))
}
