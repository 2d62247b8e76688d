import { uiScreens } from '../../core/client/screenIds.js'
import { useSignals } from '@preact/signals-react/runtime'
import { useMemo } from 'react'
import type { ChainType, WalletConnector } from '../../core/client/wallets/types.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { PluginIcon } from '../primitives/PluginIcon.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'
import { resolveWalletChainType, walletListModel, type WalletChainType } from './walletListModel.js'

/** Params of 'foyer/wallet-list'. */
export interface WalletListParams {
  walletChainType?: WalletChainType
  /** Overrides appearance.walletList for this flow. */
  walletList?: string[]
}

const toChainType = (chains: ChainType[]): WalletChainType | null =>
  chains.length === 2 ? 'ethereum-and-solana' : chains[0] === 'ethereum' ? 'ethereum-only' : chains[0] === 'solana' ? 'solana-only' : null

/** The wallet list: detected and named wallets, 'Recent' on the last used, 'Connect' on hover/focus. */
export default function WalletListScreen({ params = {} }: { params?: WalletListParams }) {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const connectors = foyer.wallets.$connectors.value
  const modal = foyer.$modal.value
  const appearance = foyer.$config.value?.client.appearance

  const rows = useMemo(() => {
    let chainType = resolveWalletChainType(params.walletChainType, modal.options.walletChainType, appearance?.walletChainType)
    // A login or link needs a wallet sign-in plugin for the wallet's chain: offer only those chains.
    if (modal.intent === 'login' || modal.intent === 'link') {
      const signable = (['ethereum', 'solana'] as const).filter((c) => foyer.registry.walletLogins.has(c))
      const allowed = signable.filter((c) => chainType === 'ethereum-and-solana' || chainType === `${c}-only`)
      chainType = toChainType(allowed) ?? chainType
    }
    return walletListModel({ connectors, chainType, walletList: params.walletList ?? appearance?.walletList ?? null, recent: foyer.wallets.recent() })
  }, [foyer, connectors, modal.intent, modal.options.walletChainType, params.walletChainType, params.walletList, appearance])

  return (
    <ScreenLayout title={t('wallet.list.title')}>
      {rows.length === 0 ? <p className="foyer-subtitle">{t('wallet.list.empty')}</p> : null}
      <div className="foyer-list" role="list" aria-label={t('wallet.list.label')}>
        {rows.map(({ connector, recent }) => (
          <div role="listitem" key={connector.id}>
            <WalletRow connector={connector} recent={recent} />
          </div>
        ))}
      </div>
    </ScreenLayout>
  )
}

function WalletRow({ connector, recent }: { connector: WalletConnector; recent: boolean }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const inner = (hint: string) => (
    <>
      <PluginIcon icon={connector.icon} fallback={connector.name} />
      <span className="foyer-wallet-name">{connector.name}</span>
      {recent ? <span className="foyer-badge">{t('wallet.recent')}</span> : null}
      <span className="foyer-wallet-hint" aria-hidden="true">
        {hint}
      </span>
    </>
  )
  if (!connector.installed && connector.chain === 'ethereum') {
    // A missing EVM extension: its install page, in a new tab.
    return connector.installUrl ? (
      <a className="foyer-button foyer-wallet-row" data-variant="option" data-wallet={connector.walletClientType} href={connector.installUrl} target="_blank" rel="noopener noreferrer">
        {inner(t('wallet.install'))}
      </a>
    ) : null
  }
  const open = () =>
    connector.installed
      ? foyer.modal.push(uiScreens.walletConnect, { connectorId: connector.id })
      : foyer.modal.push(uiScreens.walletInstall, { connectorId: connector.id })
  return (
    <button type="button" className="foyer-button foyer-wallet-row" data-variant="option" data-wallet={connector.walletClientType} onClick={open}>
      {inner(connector.installed ? t('wallet.connect') : t('wallet.install'))}
    </button>
  )
}
