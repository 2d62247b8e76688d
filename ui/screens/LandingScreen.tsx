import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useMemo, type ReactNode } from 'react'
import { uiScreens as failureScreens } from '../../core/client/screenIds.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from '../primitives/Button.js'
import { MoreIcon, PersonIcon, WalletIcon } from '../primitives/icons.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'
import { LandingEntrySlot } from './LandingEntrySlot.js'
import { landingModel, type LandingView } from './landingOptions.js'

/** Params of the landing screen: which of its views to show (default: 'default'). */
export interface LandingParams {
  view?: LandingView
}

const views: readonly LandingView[] = ['default', 'overflow', 'web2-overflow', 'web3-overflow']

/** The glyph of a row that opens another view: wallets get a wallet, e-mail/socials a person, the rest 'more'. */
const viewIcon: Record<LandingView, () => ReactNode> = {
  default: () => <MoreIcon />,
  overflow: () => <MoreIcon />,
  'web2-overflow': () => <PersonIcon />,
  'web3-overflow': () => <WalletIcon />,
}

/**
 * The landing screen: logo, header, login message and the login options the registry provides. Its
 * other views (overflow, wallets, e-mail and socials) are the same screen pushed again with `{ view }`,
 * so the modal's own back arrow returns from them, as from any screen.
 */
export default function LandingScreen({ params }: { params?: LandingParams | undefined }) {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const config = foyer.$config.value
  const only = useComputed(() => foyer.$modal.value.options.loginMethods).value
  const view: LandingView = params?.view && views.includes(params.view) ? params.view : 'default'

  const model = useMemo(
    () =>
      landingModel({
        entries: foyer.registry.entries,
        loginMethods: config ? config.loginMethods : null,
        overflowMethods: config?.overflowMethods ?? [],
        only,
        layout: config?.layout ?? 'web2-first',
        hideDirectInputs: config?.client.appearance?.hideDirectWeb2Inputs === true,
        isHidden: (entry) => entry.meta.hidden?.(foyer) === true,
      }),
    [foyer, config, only],
  )
  const rows = model.views[view]

  return (
    <ScreenLayout
      icon={config?.logo ? <img src={config.logo} alt={config.name} /> : undefined}
      title={config?.landingHeader ?? t('landing.header')}
      subtitle={config?.loginMessage ?? undefined}
      footer={
        model.passkey && view === 'default' ? (
          <div className="foyer-landing-passkey" data-slot="passkey">
            <LandingEntrySlot entry={model.passkey} inline={false} variant="link" />
          </div>
        ) : undefined
      }
    >
      <div className="foyer-list" role="list" aria-label={t('landing.loginMethods')} data-view={view}>
        {rows.map((row) => (
          <div role="listitem" key={row.type === 'entry' ? `entry:${row.entry.loginMethod}` : `view:${row.view}`}>
            {row.type === 'entry' ? (
              <LandingEntrySlot entry={row.entry} inline={row.inline} />
            ) : (
              <Button variant="option" icon={viewIcon[row.view]()} onClick={() => foyer.modal.push(failureScreens.landing, { view: row.view } satisfies LandingParams)}>
                {t(row.label)}
              </Button>
            )}
          </div>
        ))}
      </div>
    </ScreenLayout>
  )
}
