import { ScreenLayout, Spinner, useT } from '../../../ui/index.js'

/** While the wallet is created or unlocked in the frame. */
export default function WalletConnectingScreen() {
  const t = useT()
  return <ScreenLayout icon={<Spinner />} title={t('embeddedWallet.connecting.title')} subtitle={t('embeddedWallet.connecting.body')} />
}
