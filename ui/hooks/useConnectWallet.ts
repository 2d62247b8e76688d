import { uiScreens } from '../../core/client/screenIds.js'
import { useEffect, useMemo, useRef } from 'react'
import { flowErrorCodes } from '../../core/errors/index.js'
import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import type { WalletChainType } from '../wallets/walletListModel.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Callbacks of useConnectWallet. */
export interface UseConnectWalletParameters {
  onSuccess?: (result: { wallet: ConnectedWallet }) => void
  /** Called with an error code when the flow ends without a connection. */
  onError?: (errorCode: string) => void
}

/** Options of connectWallet. */
export interface ConnectWalletOptions {
  walletChainType?: WalletChainType
  walletList?: string[]
}

/** Opens the wallet list to connect a wallet without logging in (Privy's useConnectWallet). */
export function useConnectWallet(callbacks: UseConnectWalletParameters = {}): { connectWallet: (options?: ConnectWalletOptions) => void } {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  const flow = useRef<{ done: boolean; stop: () => void } | null>(null)
  useEffect(() => () => flow.current?.stop(), [])

  const connectWallet = useMemo(
    () => (options: ConnectWalletOptions = {}) => {
      if (!foyer.$ready.peek()) return
      flow.current?.stop()
      const state = { done: false, stop: () => {} }
      const offConnected = foyer.emitter.on('connected', (wallet) => {
        if (state.done) return
        state.done = true
        latest.current.onSuccess?.({ wallet: wallet as ConnectedWallet })
      })
      const params = {
        ...(options.walletChainType ? { walletChainType: options.walletChainType } : {}),
        ...(options.walletList ? { walletList: options.walletList } : {}),
      }
      foyer.modal.open({ intent: null, screen: uiScreens.walletList, params })
      // Subscribed after opening (subscribe answers at once): the flow ends when the modal closes;
      // without a connection that is the connect-wallet error.
      const offModal = foyer.$modal.subscribe((modal) => {
        if (modal.open) return
        if (!state.done) latest.current.onError?.(flowErrorCodes.genericConnectWallet)
        state.done = true
        state.stop()
      })
      state.stop = () => {
        offConnected()
        offModal()
      }
      flow.current = state
    },
    [foyer],
  )
  return { connectWallet }
}
