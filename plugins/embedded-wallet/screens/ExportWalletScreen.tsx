import { useEffect, useRef, useState } from 'react'
import { ErrorText, ScreenLayout, Spinner, useFoyerKernel, usePluginState, useT } from '../../../ui/index.js'
import { walletAccessToken } from '../custody/createWallet.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { exportFramePath, FRAME_WAITS, frameEvents } from '../../wallet-frame/index.js'
import { withMfaStepUp } from '../channel/withMfaStepUp.js'
import { connectEmbeddedWallet } from '../channel/signWithWallet.js'
import { modalLook } from '../../wallet-frame/index.js'
import { handshakeWalletFrame, walletFrameUrl } from '../../wallet-frame/index.js'

/** What the export screen shows. */
export interface ExportWalletParams {
  address: string
  learnMoreUrl: string
}

/**
 * 'Transfer wallet': the address, the warning, a Learn more link, and the wallet frame's export page, visible, in which
 * the key is drawn. The key never reaches this page: the frame unlocks the wallet itself and renders it in its origin.
 */
export default function ExportWalletScreen({ params }: { params: ExportWalletParams }) {
  const foyer = useFoyerKernel()
  const state = usePluginState<EmbeddedWalletState>('embedded-wallet')
  const t = useT()
  const holder = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<'loading' | 'shown' | 'failed'>('loading')

  useEffect(() => {
    let live = true
    const frame = document.createElement('iframe')
    frame.src = walletFrameUrl(state.frameOptions(), exportFramePath(foyer.appId), location.origin, holder.current ? modalLook(holder.current) : undefined)
    frame.title = t('embeddedWallet.export.frameTitle')
    Object.assign(frame.style, { width: '100%', height: '190px', border: '0', display: 'block' })
    // Copy in the frame writes the clipboard itself (the key or password never passes through this page).
    frame.allow = `clipboard-write ${new URL(frame.src).origin}`
    const ready = handshakeWalletFrame(frame, FRAME_WAITS.flow, { autoHeight: true })
    holder.current?.appendChild(frame)
    ready
      .then(async (proxy) => {
        const accessToken = await walletAccessToken(foyer, 'exporting a wallet')
        // Unlock (or recover) through the hidden frame first: the export page then finds this device's share.
        await withMfaStepUp(foyer, 'connect', () => connectEmbeddedWallet(foyer, state, params.address, accessToken))
        // The export page unlocks on its own (the auth share again): the server may ask for a verification there too —
        // when the hidden frame's key needed none (unlocked before MFA was enrolled) or its window just ended.
        await withMfaStepUp(foyer, 'export', () => proxy.request(frameEvents.exportShow, { accessToken, address: params.address }))
        if (live) setStatus('shown')
      })
      .catch(() => live && setStatus('failed'))
    return () => {
      live = false
      // The frame goes now (a second run of this effect must not find the first one still there); its channel too.
      frame.remove()
      void ready.then((proxy) => proxy.destroy(), () => {})
    }
  }, [foyer, state, params.address, t])

  return (
    <ScreenLayout title={t('embeddedWallet.export.title')} subtitle={<code data-testid="foyer-export-address">{params.address}</code>}>
      <p className="foyer-subtitle">
        {t('embeddedWallet.export.warning')}{' '}
        <a href={params.learnMoreUrl} target="_blank" rel="noopener noreferrer">
          {t('embeddedWallet.export.learnMore')}
        </a>
      </p>
      {status === 'loading' ? (
        <div className="foyer-center" aria-live="polite">
          <Spinner /> {t('embeddedWallet.export.loading')}
        </div>
      ) : null}
      {status === 'failed' ? <ErrorText>{t('embeddedWallet.export.failed')}</ErrorText> : null}
      <div ref={holder} data-testid="foyer-export-frame" hidden={status === 'failed'} />
    </ScreenLayout>
  )
}
