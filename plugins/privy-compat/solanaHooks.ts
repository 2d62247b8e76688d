import { useSignals } from '@preact/signals-react/runtime'
import { getWallets } from '@wallet-standard/app'
import type { Wallet as StandardWallet } from '@wallet-standard/base'
import { useMemo, useRef, useSyncExternalStore } from 'react'
import { BaseError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { useFundWallet as useFoyerFundWallet } from '../funding/index.js'
import { fundingOptions, type SolanaFundingConfig } from './fundingOptions.js'
import type { PrivyEvents } from './privyEvents.js'
import type { CreateWalletOptions, SendTransactionModalUIOptions, SignMessageModalUIOptions } from './privyRequestTypes.js'
import type { Wallet } from './privyUser.js'
import type { ConnectedStandardSolanaWallet, SolanaChain, SolanaTransactionOptions } from './privyWalletTypes.js'
import { toStandardSolanaWallet } from './solanaWallets.js'
import { toPrivyWallet } from './walletActions.js'

/** A wallet-standard wallet (Privy's `SolanaStandardWallet`). */
export type SolanaStandardWallet = StandardWallet

/** Privy's Solana useWallets: the connected Solana wallets (the user's embedded ones first), wallet-standard shaped. */
export function useWallets(): { ready: boolean; wallets: ConnectedStandardSolanaWallet[] } {
  useSignals()
  const foyer = useFoyerKernel()
  const ready = foyer.$ready.value
  const connected = foyer.wallets.$wallets.value
  const wallets = useMemo(() => connected.filter((w) => w.type === 'solana').map((w) => toStandardSolanaWallet(foyer, w)), [foyer, connected])
  return { ready, wallets }
}

const registry = () => getWallets()
const isSolana = (wallet: StandardWallet) => wallet.chains.some((chain) => chain.startsWith('solana:'))
let snapshot: readonly StandardWallet[] = []
const subscribe = (onChange: () => void) => {
  const offRegister = registry().on('register', onChange)
  const offUnregister = registry().on('unregister', onChange)
  return () => {
    offRegister()
    offUnregister()
  }
}
const current = () => {
  const next = registry().get().filter(isSolana)
  if (next.length !== snapshot.length || next.some((w, i) => w !== snapshot[i])) snapshot = next
  return snapshot
}

/** Privy's useStandardWallets: every wallet-standard Solana wallet in the page (Foyer's embedded one once registered). */
export function useStandardWallets(): { ready: boolean; wallets: SolanaStandardWallet[] } {
  const wallets = useSyncExternalStore(subscribe, current, () => snapshot)
  return { ready: true, wallets: wallets as SolanaStandardWallet[] }
}

type Many<I, O> = { (input: I): Promise<O>; (...inputs: I[]): Promise<O[]> }
/** One input, or several one after another (Privy's overloads). */
const each = <I, O>(run: (input: I) => Promise<O>): Many<I, O> =>
  (async (...inputs: I[]) => {
    const out: O[] = []
    for (const input of inputs) out.push(await run(input))
    return inputs.length === 1 ? out[0] : out
  }) as Many<I, O>

export type SignMessageInput = { message: Uint8Array; wallet: ConnectedStandardSolanaWallet; options?: { uiOptions?: SignMessageModalUIOptions } }
export type SignTransactionInput = { transaction: Uint8Array; wallet: ConnectedStandardSolanaWallet; chain?: SolanaChain; options?: SolanaTransactionOptions }
export type SignAndSendTransactionInput = {
  transaction: Uint8Array
  wallet: ConnectedStandardSolanaWallet
  chain?: SolanaChain
  options?: SolanaTransactionOptions & { uiOptions?: SendTransactionModalUIOptions; sponsor?: boolean; optimisticBroadcast?: boolean; skipSimulation?: boolean }
}
export type UseSignMessage = { signMessage: Many<SignMessageInput, { signature: Uint8Array }> }
export type UseSignTransaction = { signTransaction: Many<SignTransactionInput, { signedTransaction: Uint8Array }> }
export type UseSignAndSendTransaction = { signAndSendTransaction: Many<SignAndSendTransactionInput, { signature: Uint8Array }> }

/** Privy's Solana useSignMessage: `signMessage({ message, wallet })` → `{ signature }` (64 bytes). */
export function useSignMessage(): UseSignMessage {
  return useMemo(() => ({ signMessage: each(async ({ message, wallet }: SignMessageInput) => ({ signature: (await wallet.signMessage({ message })).signature })) }), [])
}

/** Privy's Solana useSignTransaction: `signTransaction({ transaction, wallet, chain? })` → `{ signedTransaction }` (bytes). */
export function useSignTransaction(): UseSignTransaction {
  return useMemo(() => ({ signTransaction: each(({ transaction, wallet, chain, options }: SignTransactionInput) => wallet.signTransaction({ transaction, ...(chain ? { chain } : {}), ...(options ? { options } : {}) })) }), [])
}

/** Privy's Solana useSignAndSendTransaction: `signAndSendTransaction({ transaction, wallet, chain? })` → `{ signature }` (bytes). */
export function useSignAndSendTransaction(): UseSignAndSendTransaction {
  return useMemo(
    () => ({
      signAndSendTransaction: each(({ transaction, wallet, chain, options }: SignAndSendTransactionInput) =>
        wallet.signAndSendTransaction({ transaction, chain: chain ?? 'solana:mainnet', ...(options ? { options } : {}) }),
      ),
    }),
    [],
  )
}

type SolanaWalletActions = {
  createWallet?: (parameters?: { createAdditional?: boolean; walletIndex?: number }) => Promise<import('../../core/protocol/index.js').LinkedAccount>
  exportWallet?: (parameters?: { address?: string }) => Promise<void>
}
const solanaActions = (foyer: ReturnType<typeof useFoyerKernel>) => {
  const actions = foyer.hookActions('useSolanaWallets') as SolanaWalletActions
  if (!actions.createWallet || !actions.exportWallet) throw new BaseError('Embedded wallets are not enabled', { code: 'EMBEDDED_WALLET_NOT_LOADED' })
  return actions as Required<SolanaWalletActions>
}

/** Privy's Solana useCreateWallet: `createWallet(options?)` → `{ wallet }` (the embedded Solana wallet). */
export function useCreateWallet(): { createWallet: (options?: CreateWalletOptions) => Promise<{ wallet: Wallet }> } {
  const foyer = useFoyerKernel()
  return useMemo(
    () => ({
      createWallet: async (options?: CreateWalletOptions) => {
        const { signers: _signers, ...rest } = (options ?? {}) as CreateWalletOptions & { signers?: unknown }
        return { wallet: toPrivyWallet(await solanaActions(foyer).createWallet(rest)) }
      },
    }),
    [foyer],
  )
}

/** Privy's Solana useExportWallet: `exportWallet({ address }?)` opens 'Transfer wallet' for the Solana wallet. */
export function useExportWallet(): { exportWallet: (options?: { address: string }) => Promise<void> } {
  const foyer = useFoyerKernel()
  return useMemo(() => ({ exportWallet: (options?: { address: string }) => solanaActions(foyer).exportWallet(options) }), [foyer])
}

const CHAINS: Record<string, SolanaChain> = { 'mainnet-beta': 'solana:mainnet', devnet: 'solana:devnet', testnet: 'solana:testnet' }

/** Privy's Solana useFundWallet: `fundWallet({ address, options? })` opens 'Add funds' for the Solana wallet. */
export function useFundWallet(callbacks?: PrivyEvents['fundSolanaWallet']): { fundWallet: (input: { address: string; options?: SolanaFundingConfig }) => Promise<void> } {
  const latest = useRef(callbacks)
  latest.current = callbacks
  const { fundWallet } = useFoyerFundWallet({
    onUserExited: (r) => latest.current?.onUserExited?.({ address: r.address, fundingMethod: (r.method as 'manual' | null) ?? null, chain: CHAINS[r.cluster ?? ''] ?? 'solana:mainnet', balance: undefined }),
  })
  return useMemo(() => ({ fundWallet: async ({ address, options }) => void (await fundWallet({ address, options: fundingOptions(options) })) }), [fundWallet])
}

/** Privy's useSolanaFundingPlugin: nothing to register here (the `funding()` plugin funds Solana wallets). */
export function useSolanaFundingPlugin(): void {}
