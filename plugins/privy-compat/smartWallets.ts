'use client'
// `foyer/privy/smart-wallets`: Privy's smart-wallet entry over Foyer's smart-wallets plugin (an ERC-4337 account owned
// by the embedded wallet, built once the server's app has a "smart-wallets" section).
import { createElement, Fragment, useMemo, type ReactNode } from 'react'
import { BaseError } from '../../core/errors/index.js'
import { useSmartWallets as useFoyerSmartWallets, type SmartWalletClient, type SmartWalletTransaction } from '../smart-wallets/index.js'
import type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from './privyRequestTypes.js'

/** SmartWalletsProvider's props (Privy's). `config.paymasterContext` is not read: the server's app config names the paymaster. */
export interface SmartWalletsProviderProps {
  config?: { paymasterContext?: Record<string, any> }
  children: ReactNode
}

/**
 * Privy's SmartWalletsProvider. Foyer's smart wallets are a plugin (PrivyProvider loads `smartWallets()` with
 * `embeddedWallets`), so this only renders its children.
 */
export function SmartWalletsProvider({ children }: SmartWalletsProviderProps) {
  return createElement(Fragment, null, children)
}

/** A transaction as viem's sendTransaction takes it: `chain` (the smart wallet's own) and other fields are accepted. */
type SmartWalletCall = SmartWalletTransaction & { chain?: { id: number }; [field: string]: unknown }
/** A call of sendTransaction: one transaction, or `calls` with exactly one (a batch of several is not sent here). */
type SmartWalletSendInput = SmartWalletCall | { calls: readonly SmartWalletTransaction[]; chain?: { id: number }; [field: string]: unknown }

/** The smart wallet's client (Privy's `SmartWalletClientType`: the parts Foyer's client has). */
export type SmartWalletClientType = Omit<SmartWalletClient, 'sendTransaction' | 'signMessage' | 'signTypedData'> & {
  sendTransaction: (input: SmartWalletSendInput, options?: { uiOptions?: SendTransactionModalUIOptions }) => Promise<`0x${string}`>
  signMessage: (input: { message: string | { raw: `0x${string}` } }, options?: { uiOptions?: SignMessageModalUIOptions }) => Promise<`0x${string}`>
  signTypedData: (input: unknown, options?: { uiOptions?: SignMessageModalUIOptions }) => Promise<`0x${string}`>
}
/** The client with switchChain (Foyer's smart account lives on one chain: switching to another rejects). */
export interface SmartWalletClientTypeWithSwitchChain extends SmartWalletClientType {
  switchChain: (args: { id: number }) => Promise<void>
}

function toClient(client: SmartWalletClient): SmartWalletClientTypeWithSwitchChain {
  return {
    ...client,
    sendTransaction: async (input, options) => {
      if (input.chain && input.chain.id !== client.chain.id) throw new BaseError(`The smart wallet is on chain ${client.chain.id} only`, { code: 'UNSUPPORTED_CHAIN_ID' })
      const calls = Array.isArray(input.calls) ? (input.calls as readonly SmartWalletTransaction[]) : [input as SmartWalletTransaction]
      if (calls.length !== 1) throw new BaseError('A batch of calls is sent by the embedded wallet (wallet_sendCalls), not here', { code: 'NOT_SUPPORTED' })
      const { to, value, data } = calls[0]!
      return client.sendTransaction({ to, ...(value !== undefined ? { value } : {}), ...(data ? { data } : {}) }, options ?? {})
    },
    signMessage: (input, options) => client.signMessage(input, options ?? {}),
    signTypedData: (input, options) => client.signTypedData(input, options ?? {}),
    switchChain: async ({ id }) => {
      if (id !== client.chain.id) throw new BaseError(`The smart wallet is on chain ${client.chain.id} only`, { code: 'UNSUPPORTED_CHAIN_ID' })
    },
  }
}

/**
 * Privy's useSmartWallets: `client` (undefined until the account is built and linked) and getClientForChain. Needs the
 * `smartWallets()` plugin (PrivyProvider loads it with `embeddedWallets`).
 */
export function useSmartWallets(): {
  client?: SmartWalletClientTypeWithSwitchChain
  getClientForChain: ({ id }: { id: number }) => Promise<SmartWalletClientType | undefined>
} {
  const { client } = useFoyerSmartWallets()
  return useMemo(() => {
    const adapted = client ? toClient(client) : undefined
    return { ...(adapted ? { client: adapted } : {}), getClientForChain: async ({ id }) => (adapted && adapted.chain.id === id ? adapted : undefined) }
  }, [client])
}
