import { useCallback, useEffect, useState } from 'react'
import { Button, QRCode, ScreenLayout, Spinner, useT, type ScreenProps } from '../../../ui/index.js'
import type { Pairing } from '../pairingSession.js'
import { COPY_CONFIRMATION_MS, LINK_REFRESH_MS, isMobileUserAgent } from '../timing.js'

/**
 * The WalletConnect pairing screen: the `wc:` URI as a QR code (desktop) or an 'Open wallet app' deep
 * link (phones), and 'Copy link' ('Copied!' for 1.5 s). The URI is read again every 500 ms because the
 * SDK issues a new one when a pairing proposal expires. The connector removes the screen on approval.
 */
export default function WalletConnectQrScreen({ params }: ScreenProps<{ pairing: Pairing }>) {
  const t = useT()
  const pairing = params?.pairing
  const [uri, setUri] = useState<string | null>(pairing?.uri ?? null)
  const [copied, setCopied] = useState(false)
  const mobile = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent)

  useEffect(() => {
    const timer = setInterval(() => setUri(pairing?.uri ?? null), LINK_REFRESH_MS)
    return () => clearInterval(timer)
  }, [pairing])

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = useCallback(() => {
    if (!uri) return
    // The confirmation shows even where the clipboard is refused: the link is still on screen to select.
    void navigator.clipboard?.writeText(uri).catch(() => {})
    setCopied(true)
  }, [uri])

  return (
    <ScreenLayout
      title={t('walletconnect.title')}
      subtitle={t(mobile ? 'walletconnect.mobileSubtitle' : 'walletconnect.subtitle')}
      body={
        uri ? (
          <>
            {mobile ? null : <QRCode value={uri} label={t('walletconnect.qrLabel')} />}
            <p className="foyer-subtitle" role="status" style={{ textAlign: 'center' }}>
              {t('walletconnect.waiting')}
            </p>
          </>
        ) : (
          <div className="foyer-center">
            <Spinner />
          </div>
        )
      }
      footer={
        uri ? (
          <>
            {mobile ? (
              // The OS hands the wc: link to an installed WalletConnect wallet.
              <a className="foyer-button" data-variant="primary" href={uri}>
                {t('walletconnect.open')}
              </a>
            ) : null}
            <Button variant={mobile ? 'secondary' : 'link'} onClick={copy} aria-live="polite">
              {copied ? t('walletconnect.copied') : t('walletconnect.copy')}
            </Button>
          </>
        ) : null
      }
    />
  )
}
