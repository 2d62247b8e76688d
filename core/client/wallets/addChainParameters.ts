import type { SupportedChain } from './supportedChain.js'
import type { AddChainParameters } from './types.js'

/** EIP-3085 parameters for a supported chain. */
export function addChainParameters(chain: SupportedChain): AddChainParameters {
  return {
    chainId: chain.id,
    chainName: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: [...chain.rpcUrls.default.http],
    ...(chain.blockExplorers ? { blockExplorerUrls: [chain.blockExplorers.default.url] } : {}),
  }
}
