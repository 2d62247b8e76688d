import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef, useState } from 'react'
import { Button, ErrorText, ScreenLayout, Spinner, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { DEFAULT_TELEGRAM_WIDGET_URL } from '../schema.js'
import { submitTelegram, telegramError, telegramErrorFor, telegramIntentKey, type TelegramPayload } from '../telegramFlow.js'

/** Params: a payload that came back from Telegram (verify it), or none (show the Login Widget). */
export type TelegramAuthScreenParams = { payload?: TelegramPayload | null; intent?: 'login' | 'link'; error?: 'canceled' } | undefined

/** Where the widget script comes from: the host's option, else the app config, else Telegram. */
export function widgetScriptUrl(hostOption: string | undefined, server: Record<string, unknown> | undefined): string {
  const fromApp = server?.telegram_widget_script_url
  return hostOption ?? (typeof fromApp === 'string' ? fromApp : DEFAULT_TELEGRAM_WIDGET_URL)
}

/** The Telegram auth screen: the Login Widget (redirect mode), then verification when the browser is back. */
export default function TelegramAuthScreen({ params }: ScreenProps<TelegramAuthScreenParams>) {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const container = useRef<HTMLDivElement>(null)
  const [attempt, setAttempt] = useState(0)
  const [payload, setPayload] = useState(params?.payload ?? null)
  const [status, setStatus] = useState<'widget' | 'verifying' | 'error'>(payload ? 'verifying' : params?.error ? 'error' : 'widget')
  const [error, setError] = useState<{ text: string; retry: boolean } | null>(() => {
    if (!params?.error) return null
    const outcome = telegramErrorFor(telegramError('canceled'))
    return 'text' in outcome ? outcome : null
  })
  const config = foyer.$config.value
  const telegramConfig = config?.server.telegram_auth_config ?? null
  const intent = params?.intent ?? (foyer.$modal.peek().intent === 'link' ? 'link' : 'login')
  const hostUrl = (foyer.registry.plugin('telegram') as { widgetScriptUrl?: string } | undefined)?.widgetScriptUrl

  const fail = (err: unknown) => {
    const outcome = telegramErrorFor(err)
    if ('screen' in outcome) {
      foyer.modal.showError(err)
      return
    }
    foyer.failAuth(err)
    setError(outcome)
    setStatus('error')
  }

  // Verifies what Telegram sent back.
  useEffect(() => {
    if (!payload) return
    let live = true
    setStatus('verifying')
    submitTelegram(foyer, payload, intent).catch((err) => live && fail(err))
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payload])

  // Loads the Login Widget in redirect mode: Telegram sends the browser back to this page with signed parameters.
  useEffect(() => {
    if (status !== 'widget') return
    const host = container.current
    if (!host) return
    if (!telegramConfig) {
      fail(telegramError('notInitialized'))
      return
    }
    foyer.storage.set(telegramIntentKey(foyer.appId), intent)
    const script = document.createElement('script')
    script.async = true
    script.src = widgetScriptUrl(hostUrl, config?.server as Record<string, unknown> | undefined)
    script.dataset.telegramLogin = telegramConfig.bot_name
    script.dataset.size = 'large'
    script.dataset.requestAccess = 'write'
    script.dataset.authUrl = window.location.href
    script.onerror = () => fail(telegramError('notInitialized'))
    host.appendChild(script)
    return () => {
      host.replaceChildren()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, attempt, telegramConfig?.bot_name])

  const retry = () => {
    setError(null)
    setPayload(null)
    setStatus('widget')
    setAttempt((n) => n + 1)
  }

  return (
    <ScreenLayout
      title={status === 'verifying' ? t('telegram.verifying') : t('telegram.title')}
      subtitle={status === 'widget' ? t('telegram.subtitle') : undefined}
      footer={
        status === 'error' && error?.retry ? (
          <Button variant="primary" onClick={retry}>
            {t('error.tryAgain')}
          </Button>
        ) : null
      }
    >
      {status === 'verifying' ? <Spinner /> : null}
      {status === 'error' ? <ErrorText>{error?.text ?? null}</ErrorText> : null}
      <div ref={container} className="foyer-telegram-widget" data-testid="telegram-widget" hidden={status !== 'widget'} />
    </ScreenLayout>
  )
}
