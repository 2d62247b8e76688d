// The funding hub's public types, apart from fundWallet.ts (which names viem types): a host without viem (an optional
// peer) compiles the plugin's published .d.ts.
import type { FundingRequest } from '../../core/client/types.js'
import type { FundingStatus } from './fundingTexts.js'

/** Options of the funding hub (`funding({ … })`). */
export interface FundingPluginOptions {
  /** Extra USDC addresses by chain id (a test token on anvil: `{ 31337: '0x…' }`); the known mainnets and testnets are built in. */
  usdcAddresses?: Record<number, `0x${string}`>
  /** Solana RPC URLs by cluster for the manual transfer's balance ('mainnet-beta', 'devnet', 'testnet'). */
  solanaRpcUrls?: Record<string, string>
  texts?: Record<string, string>
}

/** fundWallet's `uiConfig` (Privy's fields): the selection's title, the manual transfer's title and subtitle. */
export type FundingUiConfig = NonNullable<FundingRequest['uiConfig']>

/** A failure a funding method reported: its message (the one the selection showed) and the method. */
export interface FundWalletFailure {
  message: string
  method: string | null
}

/**
 * What fundWallet answers once the funding modal closes. `status` is the last status the flow reached:
 * - 'success': a method's 'You've funded your account!' was shown, or the manual transfer's balance arrived;
 * - 'processing': closed while a card purchase was still being processed ('Processing payment': Moonpay pending,
 *   Coinbase Onramp confirming after its window closed) — the funds may still arrive;
 * - 'in-progress': closed while the purchase waited on the user at the provider ('In Progress': Moonpay awaiting
 *   authorization, the Coinbase window still open);
 * - 'exited': closed before any status, or after a failure sent the flow back to the selection.
 * `method` is the method last chosen (or opened directly); `error` the last failure shown, unless a status came after it.
 */
export interface FundWalletResult {
  address: string
  chainId?: number
  cluster?: string
  status: FundingStatus | 'exited'
  method: string | null
  error?: FundWalletFailure
}
