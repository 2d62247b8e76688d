import { useEffect, useState } from 'react'
import { Button, ScreenLayout, useT, type ScreenProps } from '../../../ui/index.js'
import type { OpenWalletParams } from '../mobileConnectors.js'
import { STILL_HERE_DELAY_MS } from './stillHere.js'

/**
 * The mobile interstitial: 'Continue' opens this page in the wallet app; when the page is still here
 * a second later the app probably isn't installed, so 'Still here?' offers 'Go to App Store'.
 */
export default function OpenWalletScreen({ params }: ScreenProps<OpenWalletParams>) {
  const t = useT()
  const { wallet, link, storeUrl, open } = params
  const [attempts, setAttempts] = useState(0)
  const [stillHere, setStillHere] = useState(false)

  useEffect(() => {
    if (!attempts) return
    const timer = setTimeout(() => setStillHere(true), STILL_HERE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [attempts])

  const onContinue = () => {
    setStillHere(false)
    setAttempts((n) => n + 1)
    open(link)
  }

  return (
    <ScreenLayout
      title={stillHere ? t('mobileWallets.stillHere') : t('mobileWallets.title', { name: wallet.name })}
      subtitle={stillHere ? t('mobileWallets.notInstalled', { name: wallet.name }) : t('mobileWallets.subtitle', { name: wallet.name })}
      footer={
        <>
          <Button variant="primary" onClick={onContinue}>
            {t('mobileWallets.continue')}
          </Button>
          {stillHere ? (
            <a className="foyer-button" data-variant="secondary" href={storeUrl} target="_blank" rel="noopener noreferrer">
              {t('mobileWallets.appStore')}
            </a>
          ) : null}
        </>
      }
    />
  )
}
