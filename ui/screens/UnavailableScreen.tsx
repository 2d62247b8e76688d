import { uiScreens } from '../../core/client/screenIds.js'
import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from '../primitives/Button.js'
import { ErrorIcon } from '../primitives/icons.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'

/**
 * Shown instead of the login options while the app config could not be loaded: no method is offered that the
 * server hasn't confirmed. 'Try again' reloads the config and, once it loads, shows the landing screen.
 * A misconfiguration the server named (an origin it doesn't allow) is shown as the server said it.
 */
export default function UnavailableScreen() {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const error = foyer.$configError.value
  const [busy, setBusy] = useState(false)
  const retry = async () => {
    setBusy(true)
    await foyer.loadConfig()
    setBusy(false)
    if (foyer.$config.peek()) foyer.modal.replace(uiScreens.landing)
  }
  const detail = error?.code === 'INVALID_ORIGIN' || error?.code === 'INVALID_APP_ID' ? error.shortMessage : t('unavailable.detail')
  return (
    <ScreenLayout
      icon={<ErrorIcon />}
      title={t('unavailable.title')}
      subtitle={<span data-testid="foyer-unavailable-detail">{detail}</span>}
    >
      <Button variant="primary" onClick={retry} disabled={busy} loading={busy}>
        {busy ? t('unavailable.retrying') : t('unavailable.retry')}
      </Button>
    </ScreenLayout>
  )
}
