import type { WalletChainType } from '../../schema.js'
import { toBase64 } from '../base64.js'
import { FrameFailure } from '../frameFailure.js'
import type { ethereumKeys as EthereumKeysModule } from '../ethereum/ethereumKeys.js'
import type { solanaKeys as SolanaKeysModule } from '../solana/solanaKeys.js'
import type { WalletSecret } from './walletSecret.js'

/** The Ethereum keys module (ethereum/ethereumKeys.ts). */
export type EthereumKeys = typeof EthereumKeysModule
/** The Solana keys module (solana/solanaKeys.ts). */
export type SolanaKeys = typeof SolanaKeysModule
/** Each chain's keys module. */
export interface ChainKeys {
  ethereum: EthereumKeys
  solana: SolanaKeys
}

// Each chain's keys are a module of their own: the kernel holds no curve, no derivation and no BIP-39 word list.
const given: Partial<ChainKeys> = {}
const loaders: { [C in WalletChainType]?: () => Promise<ChainKeys[C]> } = {}
const loading: { [C in WalletChainType]?: Promise<unknown> } = {}

/**
 * Gives the frame a chain's keys: the module itself (a page that bundles it, tests) or a loader the kernel calls the
 * first time a wallet of that chain needs them (the hidden frame imports the module from its settings' path).
 */
export function provideChainKeys<C extends WalletChainType>(chain: C, keys: ChainKeys[C] | (() => Promise<ChainKeys[C]>)): void {
  if (typeof keys === 'function') (loaders as Record<C, () => Promise<ChainKeys[C]>>)[chain] = keys
  else given[chain] = keys
}

/** Loads what `chain`'s keys need before a wallet of it is created, unlocked or used; one load at a time, retried after a failure. */
export async function chainReady(chain: WalletChainType): Promise<void> {
  if (given[chain]) return
  const load = loaders[chain]
  if (!load) throw new FrameFailure('error', 'Unable to connect to wallet')
  loading[chain] ??= load().then(
    (keys) => {
      ;(given as Record<WalletChainType, unknown>)[chain] = keys
    },
    (error: unknown) => {
      delete loading[chain]
      throw error
    },
  )
  await loading[chain]
}

/** A chain's keys, once chainReady(chain) has run. */
export function chainKeys<C extends WalletChainType>(chain: C): ChainKeys[C] {
  const keys = given[chain]
  if (!keys) throw new FrameFailure('error', 'Unable to connect to wallet')
  return keys as ChainKeys[C]
}

/** The Solana keys, once chainReady('solana') has run. */
export const solanaKeys = (): SolanaKeys => chainKeys('solana')
/** The Ethereum keys, once chainReady('ethereum') has run. */
export const ethereumKeys = (): EthereumKeys => chainKeys('ethereum')

/** The address of `walletIndex` of a secret on `chain` (chainReady first). */
export function addressOf(chain: WalletChainType, secret: WalletSecret, walletIndex: number): string {
  return chain === 'ethereum' ? ethereumKeys().keyOf(secret, walletIndex).address : solanaKeys().keypairOf(secret, walletIndex).address
}

/**
 * The wallet's signature of a custody statement (custodyStatement.ts): EIP-191 personal message by the Ethereum key of
 * `walletIndex`, or ed25519 over the UTF-8 bytes by the Solana key (base64), as the server verifies it.
 */
export function signCustodyStatement(chain: WalletChainType, secret: WalletSecret, walletIndex: number, statement: string): string {
  if (chain === 'ethereum') {
    const keys = ethereumKeys()
    return keys.signDigest(keys.keyOf(secret, walletIndex).privateKey, keys.personalMessageDigest(statement))
  }
  const keys = solanaKeys()
  return toBase64(keys.signMessage(keys.keypairOf(secret, walletIndex), new TextEncoder().encode(statement)))
}
