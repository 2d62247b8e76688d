import { solanaWsUrlOf } from './solanaRpc.js'

/** The Solana clusters (the spec's §9: mainnet-beta is the default). */
export type SolanaClusterName = 'mainnet-beta' | 'devnet' | 'testnet'

/** A cluster and where to reach it (embeddedWallet({ solana: { clusters } })). */
export interface SolanaCluster {
  name: SolanaClusterName
  /** The HTTP JSON-RPC URL; default the cluster's public endpoint. */
  rpcUrl?: string
  /** The WebSocket URL (signatureSubscribe); default the RPC URL as ws(s), port + 1 when it names one (web3.js's rule). */
  wsUrl?: string
}

/** The default Solana cluster. */
export const DEFAULT_SOLANA_CLUSTER: SolanaClusterName = 'mainnet-beta'

/** The clusters' public RPC endpoints. */
export const SOLANA_CLUSTER_URLS: Record<SolanaClusterName, string> = {
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
}

/** The endpoints of `name` (default the first configured cluster, else mainnet-beta). */
export function resolveSolanaCluster(clusters: readonly SolanaCluster[] = [], name?: SolanaClusterName): { name: SolanaClusterName; rpcUrl: string; wsUrl: string } {
  const cluster = (name ? clusters.find((c) => c.name === name) : clusters[0]) ?? { name: name ?? DEFAULT_SOLANA_CLUSTER }
  const rpcUrl = cluster.rpcUrl ?? SOLANA_CLUSTER_URLS[cluster.name]
  return { name: cluster.name, rpcUrl, wsUrl: cluster.wsUrl ?? solanaWsUrlOf(rpcUrl) }
}

/** A wallet-standard chain id ('solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'). */
export type SolanaStandardChain = `solana:${string}`

const isLocal = (rpcUrl: string | undefined) => Boolean(rpcUrl && /^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(rpcUrl))

/** The wallet-standard chains the configured clusters reach: the three public ones, and localnet when one is local. */
export function standardChainsOf(clusters: readonly SolanaCluster[] = []): SolanaStandardChain[] {
  return ['solana:mainnet', 'solana:devnet', 'solana:testnet', ...(clusters.some((c) => isLocal(c.rpcUrl)) ? (['solana:localnet'] as const) : [])]
}

/**
 * Where a dapp's wallet-standard `chain` sends: the configured cluster of that name (mainnet is mainnet-beta), its public
 * endpoint when none is configured, and for 'solana:localnet' the configured cluster on this machine. Null: unreachable.
 */
export function rpcUrlOfStandardChain(chain: string | undefined, clusters: readonly SolanaCluster[] = []): string | null {
  if (chain === undefined) return resolveSolanaCluster(clusters).rpcUrl
  if (chain === 'solana:localnet') return clusters.find((c) => isLocal(c.rpcUrl))?.rpcUrl ?? null
  const name = ({ 'solana:mainnet': 'mainnet-beta', 'solana:devnet': 'devnet', 'solana:testnet': 'testnet' } as const)[chain as 'solana:mainnet']
  return name ? resolveSolanaCluster(clusters, name).rpcUrl : null
}
