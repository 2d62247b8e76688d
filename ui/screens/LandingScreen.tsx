import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useMemo, useState } from 'react'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from '../primitives/Button.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'
import { LandingEntrySlot } from './LandingEntrySlot.js'
import { landingModel, type LandingView } from './landingOptions.js'

/** The landing screen: logo, header, login message and the login options the registry provides. */
export default function LandingScreen() {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const config = foyer.$config.value
  const only = useComputed(() => foyer.$modal.value.options.loginMethods).value
  const [views, setViews] = useState<LandingView[]>(['default'])
  const view = views.at(-1) ?? 'default'

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
            <LandingEntrySlot entry={model.passkey} inline={false} />
          </div>
        ) : undefined
      }
    >
      {view !== 'default' ? (
        <Button variant="link" onClick={() => setViews((v) => v.slice(0, -1))}>
          {t('common.back')}
        </Button>
      ) : null}
      <div className="foyer-list" role="list" aria-label={t('landing.loginMethods')}>
        {rows.map((row) => (
          <div role="listitem" key={row.type === 'entry' ? `entry:${row.entry.loginMethod}` : `view:${row.view}`}>
            {row.type === 'entry' ? (
              <LandingEntrySlot entry={row.entry} inline={row.inline} />
            ) : (
              <Button variant="option" onClick={() => setViews((v) => [...v, row.view])}>
                {t(row.label)}
              </Button>
            )}
          </div>
        ))}
      </div>
    </ScreenLayout>
  )
}
