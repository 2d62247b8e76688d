import { useSignals } from '@preact/signals-react/runtime'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from '../primitives/Button.js'
import { PluginIcon } from '../primitives/PluginIcon.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'

/** The install guide for a missing browser wallet (the spec's Solana guide): install, set up, store the phrase, reload. */
export default function WalletInstallScreen({ params }: { params: { connectorId: string } }) {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const connector = foyer.wallets.$connectors.value.find((c) => c.id === params?.connectorId)
  const wallet = connector?.name ?? 'wallet'
  return (
    <ScreenLayout icon={<PluginIcon icon={connector?.icon} fallback={wallet} />} title={t('wallet.guide.title', { wallet })}>
      <ol className="foyer-steps">
        <li>
          {t('wallet.guide.step1', { wallet })}
          {connector?.installUrl ? (
            <>
              {' '}
              <a href={connector.installUrl} target="_blank" rel="noopener noreferrer">
                {t('wallet.guide.open', { wallet })}
              </a>
            </>
          ) : null}
        </li>
        <li>{t('wallet.guide.step2')}</li>
        <li>{t('wallet.guide.step3')}</li>
      </ol>
      <p className="foyer-subtitle">{t('wallet.guide.reload')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('wallet.guide.reloadButton')}
      </Button>
    </ScreenLayout>
  )
}
