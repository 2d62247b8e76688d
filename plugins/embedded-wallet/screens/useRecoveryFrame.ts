import { useEffect, useRef, useState } from 'react'
import { useFoyerKernel, usePluginState, useT } from '../../../ui/index.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { FRAME_WAITS, recoveryFramePath } from '../../wallet-frame/index.js'
import { modalLook } from '../../wallet-frame/index.js'
import { handshakeWalletFrame, walletFrameUrl, type WalletProxy } from '../../wallet-frame/index.js'

/**
 * Mounts the wallet frame's recovery page, visible, in `holder` and runs `run` over its channel once it is ready. The
 * password screens are drawn inside that frame (its origin): this page only sees the answer (an address, a method).
 * The frame and its channel go when the screen unmounts.
 */
export function useRecoveryFrame(run: (proxy: WalletProxy, isLive: () => boolean) => Promise<void>) {
  const foyer = useFoyerKernel()
  const state = usePluginState<EmbeddedWalletState>('embedded-wallet')
  const t = useT()
  const holder = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<'loading' | 'shown' | 'failed'>('loading')
  const latest = useRef(run)
  latest.current = run

  useEffect(() => {
    let live = true
    const frame = document.createElement('iframe')
    frame.src = walletFrameUrl(state.frameOptions(), recoveryFramePath(foyer.appId), location.origin, holder.current ? modalLook(holder.current) : undefined)
    frame.title = t('embeddedWallet.recovery.frameTitle')
    frame.setAttribute('data-testid', 'foyer-recovery-frame')
    Object.assign(frame.style, { width: '100%', height: '330px', border: '0', display: 'block' })
    // Copy in the frame writes the clipboard itself (the key or password never passes through this page).
    frame.allow = `clipboard-write ${new URL(frame.src).origin}`
    const ready = handshakeWalletFrame(frame, FRAME_WAITS.flow, { autoHeight: true })
    holder.current?.appendChild(frame)
    ready
      .then((proxy) => {
        if (live) setStatus('shown')
        return latest.current(proxy, () => live)
      })
      .catch(() => live && setStatus('failed'))
    return () => {
      live = false
      frame.remove()
      void ready.then((proxy) => proxy.destroy(), () => {})
    }
  }, [foyer, state, t])

  return { holder, status }
}
