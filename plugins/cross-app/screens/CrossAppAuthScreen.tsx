import { ScreenLayout, Spinner, useT, usePluginState, type ScreenProps } from '../../../ui/index.js'
import { AlertIcon } from '../../../ui/primitives/icons.js'
import type { CrossAppPluginState } from '../crossAppState.js'

/** §2 cross-app auth screen: connecting (the provider's popup is open), success, or the error. */
export default function CrossAppAuthScreen(_props: ScreenProps<{ providerAppId: string }>) {
  const t = useT()
  const state = usePluginState<CrossAppPluginState>('cross-app').auth.value
  const app = state.providerName ?? t('crossApp.provider')
  if (state.status === 'error') {
    return (
      <ScreenLayout
        icon={
          <span style={{ color: 'var(--foyer-error)' }}>
            <AlertIcon />
          </span>
        }
        title={t('crossApp.error.title', { app })}
        subtitle={<span role="alert">{state.error ?? t('crossApp.error.connect', { app })}</span>}
      />
    )
  }
  if (state.status === 'success') return <ScreenLayout title={t('crossApp.success', { app })} />
  return (
    <ScreenLayout title={t('crossApp.connecting.title', { app })} subtitle={t('crossApp.connecting.subtitle', { app })}>
      <div className="foyer-center" aria-live="polite">
        <Spinner />
      </div>
    </ScreenLayout>
  )
}
