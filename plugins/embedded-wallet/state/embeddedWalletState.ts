import type { Foyer } from '../../../core/client/types.js'
import { clientAnalyticsId } from '../../../core/client/clientAnalyticsId.js'
import { createCallBatchStore } from '../../wallet-transactions/index.js'
import type { WalletProxy } from '../../wallet-frame/index.js'

/** Options of the embedded-wallet plugin that its state needs. */
export interface EmbeddedWalletStateOptions {
  /** The wallet frame's origin; default the server's (`embedded_wallet_origin` of the app config). */
  walletOrigin?: string
}

/** The plugin's state: the frame connection, opened once on first use and reopened after a failure. */
export function createEmbeddedWalletState(foyer: Foyer, options: EmbeddedWalletStateOptions) {
  let proxy: Promise<WalletProxy> | null = null
  /** Where the frame pages are and who asks (the hidden proxy and the export page share them). */
  const frameOptions = () => {
    const server = foyer.$config.peek()?.server as { embedded_wallet_origin?: string | null } | undefined
    const walletOrigin = options.walletOrigin ?? server?.embedded_wallet_origin
    if (!walletOrigin) throw new Error('Unable to connect to wallet: no wallet origin (set FOYER_WALLET_ORIGIN on the server)')
    return { walletOrigin, appId: foyer.appId, clientAnalyticsId: clientAnalyticsId(foyer.storage), ...(foyer.clientId ? { clientId: foyer.clientId } : {}) }
  }
  return {
    frameOptions,
    /** The page's EIP-5792 batches (wallet_sendCalls of any of its embedded providers), for wallet_getCallsStatus. */
    callBatches: createCallBatchStore(),
    /** The connected frame; the first call mounts it (waits up to `readyTimeoutMs`). */
    proxy(readyTimeoutMs?: number): Promise<WalletProxy> {
      if (proxy) return proxy
      let target: ReturnType<typeof frameOptions>
      try {
        target = frameOptions()
      } catch (error) {
        return Promise.reject(error)
      }
      // The proxy's code loads with the first wallet use, like the frame it mounts.
      proxy = import('../channel/connectWalletProxy.js').then((m) => m.connectWalletProxy({ ...target, ...(readyTimeoutMs ? { readyTimeoutMs } : {}) }))
      proxy.catch(() => {
        proxy = null
      })
      return proxy
    },
    /** The frame connection if one is open or opening (never mounts the frame). */
    openProxy(): Promise<WalletProxy> | null {
      return proxy
    },
    /** Drops the frame (logout, destroy). */
    reset() {
      void proxy?.then((p) => p.destroy(), () => {})
      proxy = null
    },
  }
}

/** The embedded-wallet plugin's state. */
export type EmbeddedWalletState = ReturnType<typeof createEmbeddedWalletState>
