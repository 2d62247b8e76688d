// Privy's request and option types for signatures, transactions, wallet creation and funding (`@privy-io/react-auth`
// 3.x), as the compat hooks take them.
import type { ReactNode } from 'react'
import type { OAuthProviderType } from './privyUser.js'

/** A quantity: number, bigint or a (hex or decimal) string. */
export type Quantity = string | number | bigint

/** An Ethereum transaction request (Foyer's confirmation screen reads the same fields). */
export type UnsignedTransactionRequest = {
  from?: string
  to?: string
  nonce?: Quantity
  gasLimit?: Quantity
  gasPrice?: Quantity
  data?: ArrayLike<number> | string
  value?: Quantity
  chainId?: number
  type?: number
  accessList?: Array<{ address: string; storageKeys: Array<string> }> | Array<[string, Array<string>]> | Record<string, Array<string>>
  maxPriorityFeePerGas?: Quantity
  maxFeePerGas?: Quantity
}

export type ContractUIOptions = { url?: string; name?: string; imgUrl?: string; imgAltText?: string; imgSize?: 'sm' | 'lg' }
export type TransactionUIOptions = { title?: string; action?: string; contractInfo?: ContractUIOptions }

/** The sign screen's texts (`showWalletUIs: false` signs without it). */
export type SignMessageModalUIOptions = {
  showWalletUIs?: boolean
  title?: string
  description?: string
  buttonText?: string
  iconUrl?: string
  isCancellable?: boolean
}
/** The transaction screen's texts (`showWalletUIs: false` sends without it). */
export type SendTransactionModalUIOptions = {
  showWalletUIs?: boolean
  description?: string
  buttonText?: string
  transactionInfo?: TransactionUIOptions
  successHeader?: string
  successDescription?: string
  isCancellable?: boolean
}

export type MessageTypeProperty = { name: string; type: string }
export type MessageTypes = { [additionalProperties: string]: MessageTypeProperty[] }
/** EIP-712 typed data. */
export type TypedMessage<T extends MessageTypes> = {
  types: T
  primaryType: keyof T
  domain: { name?: string; version?: string; chainId?: number; verifyingContract?: string; salt?: ArrayBuffer }
  message: Record<string, unknown>
}
export type SignTypedDataParams = TypedMessage<MessageTypes>

/** Key quorums a wallet grants access to (Privy's session signers). */
export type SessionSignerInput = { signerId: string; policyIds?: string[] }[]

/** Options of createWallet: another HD wallet, or the one at `walletIndex`. */
export type CreateWalletOptions = { createAdditional?: boolean; signers?: SessionSignerInput } | { walletIndex: number; signers?: SessionSignerInput }
/** Options of setWalletRecovery (none in Privy 3). */
export type SetWalletRecoveryOptions = {}

/** A wallet the connect-wallet list can show. */
export type WalletListEntry =
  | 'metamask' | 'coinbase_wallet' | 'base_account' | 'rainbow' | 'phantom' | 'zerion' | 'cryptocom' | 'uniswap' | 'okx_wallet'
  | 'universal_profile' | 'detected_wallets' | 'detected_solana_wallets' | 'detected_ethereum_wallets' | 'wallet_connect'
  | 'wallet_connect_qr' | 'wallet_connect_qr_solana' | 'rabby_wallet' | 'bybit_wallet' | 'ronin_wallet' | 'haha_wallet'
  | 'safe' | 'solflare' | 'backpack' | 'jupiter' | 'binance' | 'binanceus' | 'bitget_wallet' | 'kraken_wallet' | 'robinhood_wallet'
/** Which chains' wallets the lists show. */
export type WalletChainType = 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'
/** Options of connectWallet / linkWallet. */
export type ConnectWalletModalOptions = {
  suggestedAddress?: string
  walletList?: WalletListEntry[]
  walletChainType?: WalletChainType
  description?: ReactNode
  preSelectedWalletId?: string
  hideHeader?: boolean
}

/** A chain for funding: an id and, when it's a viem chain, the rest. */
export type ChainLikeWithId = { id: number; [key: string]: unknown }
export type FundingMethod = 'moonpay' | 'coinbase-onramp' | 'external'
type DefaultFundingMethod = 'card' | 'exchange' | 'wallet' | 'manual'
type FundingUiConfig = { receiveFundsTitle?: string; receiveFundsSubtitle?: string; landing?: { title?: string } }
type FundingCommon = {
  chain?: ChainLikeWithId
  defaultFundingMethod?: DefaultFundingMethod
  card?: { preferredProvider?: 'coinbase' | 'moonpay' }
  uiConfig?: FundingUiConfig
}
/** Options of fundWallet on an EVM chain. */
export type NativeFundingConfig =
  | (FundingCommon & { amount?: string })
  | (FundingCommon & { amount: string; asset: { erc20: `0x${string}` } | 'USDC' | 'native-currency' })
export type FundWalletConfig = NativeFundingConfig
export type FundingStatus = 'completed' | 'cancelled'
/** What fundWallet answers. */
export interface FundingResult {
  status: FundingStatus
  address: string
  fundingMethod: FundingMethod | undefined
  transactionHash?: string
  amount?: string
  assetType?: string
  metadata?: { walletClientType?: string }
}
export type MoonpayPaymentMethod =
  | 'ach_bank_transfer' | 'credit_debit_card' | 'gbp_bank_transfer' | 'gbp_open_banking_payment' | 'mobile_wallet'
  | 'sepa_bank_transfer' | 'sepa_open_banking_payment' | 'pix_instant_payment' | 'yellow_card_bank_transfer'
export type MoonpayCurrencyCode =
  | 'AVAX_CCHAIN' | 'CELO_CELO' | 'CUSD_CELO' | 'DAI_ETHEREUM' | 'ETH_ETHEREUM' | 'ETH_ARBITRUM' | 'ETH_POLYGON' | 'ETH_BASE' | 'FIL_FVM'
  | 'MATIC_ETHEREUM' | 'MATIC_POLYGON' | 'POL_POLYGON' | 'POL_ETHEREUM' | 'USDC_ETHEREUM' | 'USDC_ARBITRUM' | 'USDC_OPTIMISM' | 'USDC_POLYGON'
  | 'USDC_BASE' | 'USDC_CCHAIN' | 'USDT_ETHEREUM' | 'USDT_POLYGON' | 'WETH_POLYGON' | 'WBTC_ETHEREUM' | 'BNB_BNB' | 'BNB_BSC' | 'MON_MON' | 'SOL' | 'USDC_SOL'

/** An OAuth provider's tokens, handed over at login or link when the app asked for them. */
export type OAuthTokens = {
  provider: OAuthProviderType
  accessToken: string
  accessTokenExpiresInSeconds?: number
  refreshToken?: string
  refreshTokenExpiresInSeconds?: number
  scopes?: string[]
}

export type TransactionLog = {
  blockNumber: number
  blockHash: string
  transactionIndex: number
  removed: boolean
  address: string
  data: string
  topics: Array<string>
  transactionHash: string
  logIndex: number
}
export type TransactionReceipt = {
  to: string
  from: string
  contractAddress: string
  transactionIndex: number
  root?: string
  logs: Array<TransactionLog>
  logsBloom: string
  blockHash: string
  transactionHash: string
  blockNumber: number
  confirmations: number
  byzantium: boolean
  type: number
  status?: number
  gasUsed: string
  cumulativeGasUsed: string
  effectiveGasPrice?: string
}
