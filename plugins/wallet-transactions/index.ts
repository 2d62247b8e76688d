import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import type { TransactionWallet } from './transactionWallet.js'
import type { EthereumTransactionFlows, SendTransactionOptions, SendTransactionResult } from './ethereum/transactionTypes.js'
import type { SendSolanaTransactionOptions, SendSolanaTransactionResult, SolanaConnectionLike, SolanaTransactionInput } from './solana/solanaTransactions.js'
import { WALLET_TRANSACTIONS_ID } from './transactionScreens.js'

// The flows load on first use: the host's first load carries the plugin's wiring only. Each loader is public for the
// wallet that brings the plugin (its EIP-1193 provider and wallet-standard wallet send through the same flows).
/** Ethereum sends and signatures (the confirmation screen's flow; viem loads with it). */
export const loadEthereumTransactions = (): Promise<EthereumTransactionFlows> => import('./ethereum/sendTransaction.js')
/** EIP-5792 wallet_sendCalls. */
export const loadCallBatches = () => import('./ethereum/calls/sendCalls.js')
/** Solana sends and signatures. */
export const loadSolanaTransactions = () => import('./solana/solanaTransactions.js')

/** What loadTransactionDecoder loads (decodeTransaction.ts). */
export type TransactionDecoder = Pick<typeof import('./ethereum/decodeTransaction.js'), 'decodeTransaction'>
/**
 * For plugins with a transaction confirmation of their own (smart wallets): loads decodeTransaction, the send screen's
 * calldata decoding, with that screen (core/client/screenWith.ts) instead of in the host's first load.
 */
export const loadTransactionDecoder = (): Promise<TransactionDecoder> => import('./ethereum/decodeTransaction.js')

/** Options of walletTransactions(). */
export interface WalletTransactionsOptions {
  /** The wallet the transactions are from, loaded on first use (the embedded wallet hands over its own). */
  wallet: (foyer: Foyer) => Promise<TransactionWallet>
}

/**
 * Transactions of a wallet: the Ethereum and Solana send screens (decoding, fees and prices, Solana instructions), the
 * EIP-5792 batch screen, and `sendTransaction` / `signTransaction` / `sendSolanaTransaction` / `signSolanaTransaction`
 * on useFoyer(). `embeddedWallet()` brings it along (its `plugins`); the plugin knows the wallet only as a
 * TransactionWallet.
 */
export function walletTransactions(options: WalletTransactionsOptions) {
  const flowOptions = (wallet: TransactionWallet, send: SendTransactionOptions) => ({ ...send, prompt: wallet.prompt(send.uiOptions?.showWalletUIs), priceDisplay: wallet.priceDisplay })
  return definePlugin({
    id: WALLET_TRANSACTIONS_ID,
    kind: 'feature',
    screens: {
      'send-transaction': { load: () => import('./screens/SendTransactionScreen.js'), title: 'embeddedWallet.tx.title', back: false },
      // EIP-5792 wallet_sendCalls: one confirmation of every call, then the batch's progress (wallet_showCallsStatus too).
      'send-calls': { load: () => import('./screens/SendCallsScreen.js'), title: 'embeddedWallet.tx.title', back: false },
      'send-solana-transaction': { load: () => import('./screens/SendSolanaTransactionScreen.js'), title: 'embeddedWallet.tx.title', back: false },
    },
    actions: (foyer: Foyer) => ({
      sendTransaction: async (request: unknown, send: SendTransactionOptions = {}) => {
        const [flow, wallet] = await Promise.all([loadEthereumTransactions(), options.wallet(foyer)])
        return flow.sendTransaction(foyer, wallet, request, flowOptions(wallet, send))
      },
      signTransaction: async (request: unknown, send: SendTransactionOptions = {}) => {
        const [flow, wallet] = await Promise.all([loadEthereumTransactions(), options.wallet(foyer)])
        return { signature: await flow.signTransaction(foyer, wallet, request, flowOptions(wallet, send)) }
      },
      sendSolanaTransaction: async (transaction: SolanaTransactionInput, connection?: SolanaConnectionLike, send: SendSolanaTransactionOptions = {}) => {
        const [flow, wallet] = await Promise.all([loadSolanaTransactions(), options.wallet(foyer)])
        return flow.sendSolanaTransaction(foyer, wallet, transaction, connection, send)
      },
      signSolanaTransaction: async <T extends SolanaTransactionInput>(transaction: T, address?: string) => {
        const [flow, wallet] = await Promise.all([loadSolanaTransactions(), options.wallet(foyer)])
        return flow.signSolanaTransaction(wallet, transaction, address)
      },
    }),
    // The English loads with the plugin's first screen; hosts override the keys with the wallet's `texts` or `textLocalization`.
    loadTexts: () => import('./transactionTexts.js').then((m) => m.transactionTexts),
  })
}

export type { TransactionWallet, SolanaNetwork } from './transactionWallet.js'
export { SEND_TRANSACTION_SCREEN, SEND_CALLS_SCREEN, SOLANA_SEND_SCREEN, WALLET_TRANSACTIONS_ID } from './transactionScreens.js'
export { useSendTransaction, useSignTransaction, useSendSolanaTransaction, type TransactionHookCallbacks } from './transactionHooks.js'
// The page's EIP-5792 batches live in the wallet's state (made at page load) and its provider answers their status.
export { createCallBatchStore, type CallBatchStore } from './ethereum/calls/callBatchStore.js'
export type { CallBatch, CallsStatus, SendCallsResult } from './ethereum/calls/callBatchTypes.js'
export type { SendCallsParams } from './ethereum/calls/sendCalls.js'
export type { EthereumTransactionFlows, SendTransactionOptions, SendTransactionResult, TransactionFlowOptions, TransactionUiOptions, TransactionReceiptFields } from './ethereum/transactionTypes.js'
export type { SendSolanaTransactionOptions, SendSolanaTransactionResult, SolanaConnectionLike, SolanaTransactionError, SolanaTransactionInput, SolanaTransactionUiOptions } from './solana/solanaTransactions.js'
export { walletTransactionTexts } from './publicTexts.js'

// The functions hosts get on useFoyer() with this plugin (embeddedWallet() brings it).
declare module 'foyer' {
  interface FoyerActions {
    /**
     * Sends a transaction (or a list of steps) from the embedded wallet, on the confirmation screen unless wallet UIs
     * are off; answers its hash (with the receipt when the screen waited for it). Closing the screen rejects with 4001.
     */
    sendTransaction(request: unknown, options?: SendTransactionOptions): Promise<SendTransactionResult>
    /** Signs a transaction without sending it (same screen, button Approve); answers the signed transaction. */
    signTransaction(request: unknown, options?: SendTransactionOptions): Promise<{ signature: `0x${string}` }>
    /** Sends a @solana/web3.js transaction with the embedded Solana wallet (the confirmation screen unless wallet UIs are off); answers its signature. */
    sendSolanaTransaction(transaction: SolanaTransactionInput, connection?: SolanaConnectionLike, options?: SendSolanaTransactionOptions): Promise<SendSolanaTransactionResult>
    /** Signs a @solana/web3.js transaction with the embedded Solana wallet (in the frame); answers the signed transaction. */
    signSolanaTransaction<T extends SolanaTransactionInput>(transaction: T, address?: string): Promise<T>
  }
}
