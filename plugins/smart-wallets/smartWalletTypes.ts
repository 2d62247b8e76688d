import type { Signal } from '@preact/signals-core'
import type { BatchCall, BatchReceipt } from '../../core/client/plugin.js'
import type { SmartWalletType } from './schema.js'

export const SMART_WALLETS_PLUGIN_ID = 'smart-wallets'
export const SMART_WALLET_CONFIRM_SCREEN = 'smart-wallets/confirm'

/** A transaction of the smart wallet (one call). */
export interface SmartWalletTransaction {
  to: `0x${string}`
  value?: bigint | number | string
  data?: `0x${string}`
}

/** What the confirmation screen shows; `showWalletUIs: false` sends without it. */
export interface SmartWalletUiOptions {
  showWalletUIs?: boolean
  description?: string
  buttonText?: string
}

/** The user's smart wallet: its address and chain, and what it does through the bundler. */
export interface SmartWalletClient {
  account: { address: `0x${string}` }
  chain: { id: number; name: string }
  smartWalletType: SmartWalletType
  /** true when the network has a paymaster: the gas is sponsored. */
  sponsored: boolean
  /**
   * Sends a user operation with this call (confirmation screen first unless `showWalletUIs: false`), waits for its
   * receipt and answers the transaction hash that included it.
   */
  sendTransaction(transaction: SmartWalletTransaction, options?: { uiOptions?: SmartWalletUiOptions }): Promise<`0x${string}`>
  /**
   * Signs a message (text, or bytes as `{ raw: hex }`) as the smart account (ERC-6492-wrapped while it is not deployed):
   * the embedded wallet, its owner, signs on its sign screen unless `showWalletUIs: false`.
   */
  signMessage(input: { message: string | { raw: `0x${string}` } }, options?: { uiOptions?: SmartWalletUiOptions }): Promise<`0x${string}`>
  /** Signs EIP-712 typed data as the smart account (the owner's sign screen unless `showWalletUIs: false`). */
  signTypedData(typedData: unknown, options?: { uiOptions?: SmartWalletUiOptions }): Promise<`0x${string}`>
}

/**
 * Loads permissionless's accounts for Safe smart wallets: `() => import('permissionless/accounts')` (typed by shape, so
 * a host without permissionless type-checks and bundles without it).
 */
export type PermissionlessLoader = () => Promise<{ toSafeSmartAccount(parameters: any): Promise<unknown> }>

/** The plugin's state (`usePluginState<SmartWalletsState>('smart-wallets')`). */
export interface SmartWalletsState {
  client: Signal<SmartWalletClient | null>
  status: Signal<'idle' | 'loading' | 'ready' | 'disabled' | 'error'>
  error: Signal<Error | null>
  /** The user id the client was made for (a new user gets a new one). */
  userId: string | null
  /**
   * With the client: the embedded wallet that owns the account and the send of a batch as one user operation (no screen),
   * which the plugin's `batchExecutor` slot offers the embedded wallet's provider (EIP-5792 wallet_sendCalls).
   */
  batch: { owner: `0x${string}`; send(calls: readonly BatchCall[]): Promise<BatchReceipt> } | null
  /** `smartWallets({ permissionless })`: what builds Safe wallets. */
  permissionless?: PermissionlessLoader
}

