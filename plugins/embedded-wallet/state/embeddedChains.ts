import type { Foyer } from '../../../core/client/types.js'
import { configuredChains } from '../../../core/client/wallets/configuredChains.js'
import type { SupportedChain } from '../../../core/client/wallets/supportedChain.js'
import { EmbeddedProviderRpcError, providerRpcTexts } from '../../../core/client/wallets/providerRpcError.js'
import { addedChainsOf } from './walletPreferences.js'

export { parseChainId, toHexChainId } from '../../../core/client/wallets/chainIds.js'

/** Mainnet: the chain an embedded wallet is on when the host configured none. */
const FALLBACK_CHAIN_ID = 1

/**
 * The chains the embedded wallet may be on: the host's, then the ones the signed-in user added through
 * wallet_addEthereumChain (never in place of a host's chain of the same id).
 */
export function knownChains(foyer: Foyer): readonly SupportedChain[] {
  const configured = configuredChains(foyer)
  const added = addedChainsOf(foyer).filter((c) => !configured.some((k) => k.id === c.id))
  return added.length ? [...configured, ...added] : configured
}

/** The chain a new provider starts on: the config's default chain, else its first supported chain, else 1. */
export function defaultChainId(foyer: Foyer): number {
  const client = foyer.$config.peek()?.client
  return client?.defaultChain?.id ?? client?.supportedChains?.[0]?.id ?? FALLBACK_CHAIN_ID
}

/**
 * True when the wallet may be on `chainId`: a configured chain (or mainnet for a host that configured none), or one the
 * user added.
 */
export function isSupportedChain(foyer: Foyer, chainId: number): boolean {
  const configured = configuredChains(foyer)
  if (configured.length ? configured.some((c) => c.id === chainId) : chainId === FALLBACK_CHAIN_ID) return true
  return addedChainsOf(foyer).some((c) => c.id === chainId)
}

/** The JSON-RPC URL of `chainId` from the config (or the added chain); 4901 when there is none (nothing to forward reads to). */
export function rpcUrlOf(foyer: Foyer, chainId: number): string {
  const url = knownChains(foyer).find((c) => c.id === chainId)?.rpcUrls.default.http[0]
  if (!url) throw new EmbeddedProviderRpcError(4901, `No RPC URL for chain ${chainId}: add the chain (viem Chain with rpcUrls) to config.supportedChains`)
  return url
}

/** 4902 with the spec's text when `chainId` isn't one of the host's chains. */
export function assertSupportedChain(foyer: Foyer, chainId: number): void {
  if (!isSupportedChain(foyer, chainId)) throw new EmbeddedProviderRpcError(4902, providerRpcTexts.chainNotSupported(chainId))
}
