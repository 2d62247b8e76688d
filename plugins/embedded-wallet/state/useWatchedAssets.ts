import { useSignals } from '@preact/signals-react/runtime'
import { useMemo } from 'react'
import { useFoyerKernel } from '../../../ui/hooks/useFoyerKernel.js'
import { walletPreferencesRevision, watchedAssetsOf, type WatchedAsset } from './walletPreferences.js'

/** What useWatchedAssets returns. */
export interface UseWatchedAssetsReturnType {
  /** The tokens the user approved through wallet_watchAsset, in the order they were added. */
  assets: WatchedAsset[]
}

/**
 * The tokens the signed-in user's embedded wallets watch (EIP-747 wallet_watchAsset, approved on 'Add suggested
 * token'), optionally of one wallet and one chain: what a host's balances list shows beside the chain's currency. The
 * balances themselves are the host's to read (e.g. `balanceOf` through the wallet's provider).
 */
export function useWatchedAssets(filter: { wallet?: string; chainId?: number } = {}): UseWatchedAssetsReturnType {
  useSignals()
  const foyer = useFoyerKernel()
  const revision = walletPreferencesRevision(foyer).value
  const userId = foyer.$session.value.user?.id ?? null
  const { wallet, chainId } = filter
  const assets = useMemo(() => watchedAssetsOf(foyer, { ...(wallet ? { wallet } : {}), ...(chainId !== undefined ? { chainId } : {}) }), [foyer, revision, userId, wallet, chainId])
  return { assets }
}
