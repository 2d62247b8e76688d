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

/** The WebSocket URL of an RPC URL: http → ws, https → wss, an explicit port + 1 (as web3.js's Connection). */
export function solanaWsUrlOf(rpcUrl: string): string {
  const url = new URL(rpcUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (url.port) url.port = String(Number(url.port) + 1)
  return url.toString()
}

/** The endpoints of `name` (default the first configured cluster, else mainnet-beta). */
export function resolveSolanaCluster(clusters: readonly SolanaCluster[] = [], name?: SolanaClusterName): { name: SolanaClusterName; rpcUrl: string; wsUrl: string } {
  const cluster = (name ? clusters.find((c) => c.name === name) : clusters[0]) ?? { name: name ?? DEFAULT_SOLANA_CLUSTER }
  const rpcUrl = cluster.rpcUrl ?? SOLANA_CLUSTER_URLS[cluster.name]
  return { name: cluster.name, rpcUrl, wsUrl: cluster.wsUrl ?? solanaWsUrlOf(rpcUrl) }
}
