import { useSignals } from '@preact/signals-react/runtime'
import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** What useWallets returns (Privy's shape). */
export interface UseWalletsReturnType {
  ready: boolean
  wallets: ConnectedWallet[]
}

/** The connected external wallets (newest first): address, chainId, meta, switchChain, sign, disconnect, ... */
export function useWallets(): UseWalletsReturnType {
  useSignals()
  const foyer = useFoyerKernel()
  return { ready: foyer.$ready.value, wallets: [...foyer.wallets.$wallets.value] }
}

/** The connected Solana wallets. */
export function useSolanaWallets(): UseWalletsReturnType {
  useSignals()
  const foyer = useFoyerKernel()
  return { ready: foyer.$ready.value, wallets: foyer.wallets.$wallets.value.filter((w) => w.type === 'solana') }
}
