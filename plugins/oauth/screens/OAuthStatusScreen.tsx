import { Button, ScreenLayout, Spinner, useFoyerKernel, usePluginState, useT, type ScreenProps } from '../../../ui/index.js'
import { AlertIcon } from '../../../ui/primitives/icons.js'
import { PluginIcon } from '../../../ui/primitives/PluginIcon.js'
import { oauthErrorView, startModalOAuth } from '../oauthFlow.js'
import type { OAuthPluginState } from '../oauthState.js'
import { providerIcons } from '../providerIcons.js'
import { isOAuthProvider, providerDisplayName } from '../providerIds.js'

/** The OAuth status screen: progress while the provider and the server work, then errors with retry. */
export default function OAuthStatusScreen({ params }: ScreenProps<{ provider: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const oauth = usePluginState<OAuthPluginState>('oauth')
  const state = oauth.flow.value
  const provider = params?.provider ?? state.provider ?? ''
  const name = providerDisplayName(provider)
  const icon = isOAuthProvider(provider) ? <PluginIcon icon={providerIcons[provider]} /> : null

  if (state.status === 'error' && state.error) {
    const view = oauthErrorView(state.error, provider, t)
    return (
      <ScreenLayout
        icon={
          <span style={{ color: 'var(--foyer-error)' }}>
            <AlertIcon />
          </span>
        }
        title={view.title}
        subtitle={<span role="alert">{view.detail}</span>}
      >
        {view.retry ? (
          // A click, so a popup may open again.
          <Button variant="primary" onClick={() => startModalOAuth(foyer, provider, { replace: true })}>
            {t('oauth.retry')}
          </Button>
        ) : null}
      </ScreenLayout>
    )
  }
  const hint =
    state.status === 'done'
      ? t('oauth.done')
      : state.phase === 'return'
        ? t('oauth.loading.return', { provider: name })
        : oauth.defaultMode === 'popup'
        ? t('oauth.loading.popup', { provider: name })
        : t('oauth.loading.redirect', { provider: name })
  return (
    <ScreenLayout icon={icon} title={t('oauth.loading.title', { provider: name })} subtitle={hint}>
      <div className="foyer-center" aria-live="polite">
        <Spinner />
      </div>
    </ScreenLayout>
  )
}
