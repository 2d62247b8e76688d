// The funding hub's public types, apart from fundWallet.ts (which names viem types): a host without viem (an optional
// peer) compiles the plugin's published .d.ts.
import type { FundingStatus } from './fundingTexts.js'

/** Options of the funding hub (`funding({ … })`). */
export interface FundingPluginOptions {
  /** Extra USDC addresses by chain id (a test token on anvil: `{ 31337: '0x…' }`); the known mainnets and testnets are built in. */
  usdcAddresses?: Record<number, `0x${string}`>
  /** Solana RPC URLs by cluster for the manual transfer's balance ('mainnet-beta', 'devnet', 'testnet'). */
  solanaRpcUrls?: Record<string, string>
  texts?: Record<string, string>
}

/**
 * What fundWallet answers once the funding modal closes: `status` is the last status the flow reached —
 * 'success' (a provider's success screen, or the manual transfer's balance arrived), 'processing' / 'in-progress'
 * (a provider's pending purchase), or 'exited' (closed before any status) — and `method` the method last chosen.
 */
export interface FundWalletResult {
  address: string
  chainId?: number
  cluster?: string
  status: FundingStatus | 'exited'
  method: string | null
}
