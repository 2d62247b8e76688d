import type { WalletChainType } from '../../schema.js'
import { toBase64 } from '../base64.js'
import { FrameFailure } from '../frameFailure.js'
import type { solanaKeys as SolanaKeysModule } from '../solana/solanaKeys.js'
import { ethereumKeyOf, personalMessageDigest, signEthereumDigest } from './ethereumKey.js'
import type { WalletSecret } from './walletSecret.js'

/** The Solana keys module (solana/solanaKeys.ts). */
export type SolanaKeys = typeof SolanaKeysModule

let solana: SolanaKeys | null = null
let load: (() => Promise<SolanaKeys>) | null = null
let loading: Promise<SolanaKeys> | null = null

/**
 * Gives the frame its Solana keys: the module itself (a page that bundles it, tests) or a loader the kernel calls the
 * first time a Solana wallet needs them (the hidden frame imports the module from its settings' path).
 */
export function provideSolanaKeys(keys: SolanaKeys | (() => Promise<SolanaKeys>)): void {
  if (typeof keys === 'function') load = keys
  else solana = keys
}

/** Loads what `chain`'s keys need before a wallet of it is created, unlocked or used (Ethereum's are in the kernel). */
export async function chainReady(chain: WalletChainType): Promise<void> {
  if (chain !== 'solana' || solana) return
  if (!load) throw new FrameFailure('error', 'Unable to connect to wallet')
  loading ??= load().then(
    (keys) => (solana = keys),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  await loading
}

/** The Solana keys, once chainReady('solana') has run. */
export function solanaKeys(): SolanaKeys {
  if (!solana) throw new FrameFailure('error', 'Unable to connect to wallet')
  return solana
}

/** The address of `walletIndex` of a secret on `chain` (chainReady first). */
export function addressOf(chain: WalletChainType, secret: WalletSecret, walletIndex: number): string {
  return chain === 'ethereum' ? ethereumKeyOf(secret, walletIndex).address : solanaKeys().keypairOf(secret, walletIndex).address
}

/**
 * The wallet's signature of a custody statement (custodyStatement.ts): EIP-191 personal message by the Ethereum key of
 * `walletIndex`, or ed25519 over the UTF-8 bytes by the Solana key (base64), as the server verifies it.
 */
export function signCustodyStatement(chain: WalletChainType, secret: WalletSecret, walletIndex: number, statement: string): string {
  if (chain === 'ethereum') return signEthereumDigest(ethereumKeyOf(secret, walletIndex).privateKey, personalMessageDigest(statement))
  const keys = solanaKeys()
  return toBase64(keys.signMessage(keys.keypairOf(secret, walletIndex), new TextEncoder().encode(statement)))
}
