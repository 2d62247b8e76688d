import { useSignals } from '@preact/signals-react/runtime'
import { useMemo } from 'react'
import type { FoyerSolanaWalletsActions } from '../../core/client/hookActionTypes.js'
import type { ConnectedSolanaWallet, ConnectedWallet } from '../../core/client/wallets/types.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** What useWallets returns (Privy's shape). */
export interface UseWalletsReturnType {
  ready: boolean
  wallets: ConnectedWallet[]
}

/** What useSolanaWallets returns: the Solana wallets, and the functions the loaded plugins add to it. */
export interface UseSolanaWalletsReturnType extends FoyerSolanaWalletsActions {
  ready: boolean
  wallets: ConnectedSolanaWallet[]
}

/** The connected external wallets (newest first): address, chainId, meta, switchChain, sign, disconnect, ... */
export function useWallets(): UseWalletsReturnType {
  useSignals()
  const foyer = useFoyerKernel()
  return { ready: foyer.$ready.value, wallets: [...foyer.wallets.$wallets.value] }
}

/**
 * The connected Solana wallets (the user's own first), each with `signMessage(bytes)`, plus the functions plugins add to
 * this hook (their `hookActions.useSolanaWallets`): missing when no loaded plugin adds them.
 */
export function useSolanaWallets(): UseSolanaWalletsReturnType {
  useSignals()
  const foyer = useFoyerKernel()
  // Typed by the plugins that add them (declaration merging into FoyerSolanaWalletsActions).
  const actions = useMemo(() => foyer.hookActions('useSolanaWallets') as FoyerSolanaWalletsActions, [foyer])
  return {
    ...actions,
    ready: foyer.$ready.value,
    wallets: foyer.wallets.$wallets.value.filter((w): w is ConnectedSolanaWallet => w.type === 'solana'),
  }
}
