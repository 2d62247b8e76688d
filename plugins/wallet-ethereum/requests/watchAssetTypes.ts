// EIP-747's request and the 'Add suggested token' screen's parameters: apart from watchAsset.ts (which imports viem), so
// the screen's declarations reach no viem type and a host without viem type-checks the package.

/** What an app asked to watch (EIP-747's `options` of an ERC-20), checked for shape. */
export interface WatchAssetRequest {
  address: `0x${string}`
  symbol?: string
  decimals?: number
  image?: string
}

/** What 'Add suggested token' shows: the token as its contract describes it, on the wallet's chain. */
export interface WatchAssetParams {
  wallet: string
  chainId: number
  chainName: string
  token: { address: `0x${string}`; symbol: string; decimals: number; name?: string; image?: string }
  /** The wallet's balance of it in base units; null when the contract did not answer balanceOf. */
  balance: bigint | null
}
