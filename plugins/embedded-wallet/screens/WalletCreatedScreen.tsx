import { useEffect } from 'react'
import { ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'

/** How long 'All set!' stays before the flow goes on (the spec leaves it open; long enough to read). */
export const WALLET_CREATED_DELAY_MS = 1_500

/** 'Welcome' / 'All set!' after a new wallet; closes by itself. */
export default function WalletCreatedScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  useEffect(() => {
    const timer = setTimeout(() => foyer.modal.resolve(), WALLET_CREATED_DELAY_MS)
    return () => clearTimeout(timer)
  }, [foyer])
  return <ScreenLayout title={t('embeddedWallet.created.title')} subtitle={t('embeddedWallet.created.body')} />
}
