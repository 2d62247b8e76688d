import { atomicBatchExecutor } from '../../../core/client/wallets/atomicBatchExecutor.js'
import type { Foyer } from '../../../core/client/types.js'
import { toHexChainId } from '../../../core/client/wallets/chainIds.js'
import type { EthereumWallet } from '../ethereumWallet.js'

/** EIP-5792's `atomic` capability: 'supported' where the wallet's batches go as one operation. */
export type AtomicCapability = { atomic: { status: 'supported' | 'unsupported' } }

/**
 * wallet_getCapabilities for the embedded wallet `owner`: per chain (hex id) of `chainIds` the host supports, `atomic`
 * 'supported' when a plugin sends its batches there atomically now (its smart wallet, ready, on that chain), else
 * 'unsupported' (the calls go one transaction each). Chains the host doesn't support are left out.
 */
export function walletCapabilities(foyer: Foyer, wallet: Pick<EthereumWallet, 'isSupportedChain'>, owner: string, chainIds: readonly number[]): Record<string, AtomicCapability> {
  const answer: Record<string, AtomicCapability> = {}
  for (const chainId of chainIds) {
    if (!wallet.isSupportedChain(chainId)) continue
    answer[toHexChainId(chainId)] = { atomic: { status: atomicBatchExecutor(foyer, { owner, chainId }) ? 'supported' : 'unsupported' } }
  }
  return answer
}
