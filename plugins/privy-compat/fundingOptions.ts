import type { FundWalletOptions, FundWalletResult } from '../funding/index.js'
import type { FundingMethod, FundingResult, FundWalletConfig } from './privyRequestTypes.js'
import type { SolanaChain } from './privyWalletTypes.js'

// Privy's `defaultFundingMethod` / `card.preferredProvider` → Foyer's funding method names.
const METHODS: Record<string, string> = { card: 'moonpay', wallet: 'external', manual: 'manual', exchange: 'coinbase-onramp' }
const PROVIDERS: Record<string, string> = { moonpay: 'moonpay', coinbase: 'coinbase-onramp' }
const CLUSTERS: Record<SolanaChain, string> = { 'solana:mainnet': 'mainnet-beta', 'solana:devnet': 'devnet', 'solana:testnet': 'testnet' }

/** Privy's Solana funding options (`@privy-io/react-auth/solana`'s useFundWallet). */
export type SolanaFundingConfig = {
  chain?: SolanaChain
  amount?: string
  defaultFundingMethod?: 'card' | 'exchange' | 'wallet' | 'manual'
  card?: { preferredProvider?: 'coinbase' | 'moonpay' }
  uiConfig?: { receiveFundsTitle?: string; receiveFundsSubtitle?: string; landing?: { title?: string } }
  asset?: 'native-currency' | 'USDC'
}

/** Privy's funding config (EVM or Solana) as the options of Foyer's fundWallet. */
export function fundingOptions(config: FundWalletConfig | SolanaFundingConfig | undefined): FundWalletOptions {
  if (!config) return {}
  const method = config.card?.preferredProvider && config.defaultFundingMethod === 'card' ? PROVIDERS[config.card.preferredProvider] : config.defaultFundingMethod && METHODS[config.defaultFundingMethod]
  const chain = config.chain
  return {
    ...(typeof chain === 'string' ? { cluster: { name: CLUSTERS[chain] ?? 'mainnet-beta' } } : chain ? { chain: { id: chain.id } } : {}),
    ...(config.amount ? { amount: config.amount } : {}),
    ...('asset' in config && config.asset ? { asset: config.asset } : {}),
    ...(method ? { defaultFundingMethod: method } : {}),
    ...(config.uiConfig ? { uiConfig: config.uiConfig } : {}),
  }
}

/** Foyer's funding outcome as Privy's `FundingResult` ('completed' once a method or the transfer succeeded, else 'cancelled'). */
export function toFundingResult(result: FundWalletResult): FundingResult {
  const method = result.method === 'moonpay' || result.method === 'coinbase-onramp' || result.method === 'external' ? (result.method as FundingMethod) : undefined
  return { status: result.status === 'success' ? 'completed' : 'cancelled', address: result.address, fundingMethod: method }
}
