/** A chain the host supports, in viem's Chain shape (only the fields used here). */
export interface SupportedChain {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { url: string } }
}
