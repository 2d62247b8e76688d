import { useCallback, useEffect, useRef, useState } from 'react'
import { hasFailureScreen } from '../../../core/client/failureScreenPolicy.js'
import { AbortError } from '../../../core/errors/index.js'
import { Button, ErrorText, QRCode, ScreenLayout, Spinner, useFoyerKernel, useT } from '../../../ui/index.js'
import { farcasterErrorText } from '../farcasterErrors.js'
import {
  finishFarcaster,
  initFarcaster,
  pollFarcaster,
  type FarcasterChannel,
} from '../farcasterFlow.js'

/** Phones and tablets: the connect link goes to a new window so this page keeps polling. */
export const isMobileBrowser = () => typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)

/**
 * 'Awaiting Farcaster connection': opens a channel, shows its connect URI as a QR code and as a
 * button to the Farcaster app, polls the status every 2 s (120 s at most), then logs in or links.
 */
export default function FarcasterConnectScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  const [channel, setChannel] = useState<FarcasterChannel | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const controller = useRef<AbortController | null>(null)

  useEffect(() => {
    const abort = new AbortController()
    controller.current = abort
    setChannel(null)
    setError(null)
    void (async () => {
      try {
        const opened = await initFarcaster(foyer)
        if (abort.signal.aborted) return
        setChannel(opened)
        const signIn = await pollFarcaster(foyer, opened.channelToken, { signal: abort.signal })
        const { intent, options } = foyer.$modal.peek()
        await finishFarcaster(foyer, signIn, { intent: intent === 'link' ? 'link' : 'login', disableSignup: options.disableSignup === true })
      } catch (err) {
        if (abort.signal.aborted || err instanceof AbortError) return
        // Allowlist, user limit, unknown user...: their own failure screens, like every method.
        if (hasFailureScreen(err)) return foyer.modal.showError(err)
        setError(farcasterErrorText(err))
      }
    })()
    return () => abort.abort()
  }, [foyer, attempt])

  const open = useCallback(() => {
    if (!channel) return
    // Polling must go on: the Farcaster app gets its own window (on a phone the universal link opens the app).
    window.open(channel.connectUri, '_blank', 'noopener,noreferrer')
  }, [channel])

  const title = t('farcaster.title')
  if (error) {
    return (
      <ScreenLayout
        title={title}
        body={<ErrorText>{error}</ErrorText>}
        footer={
          <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('farcaster.retry')}
          </Button>
        }
      />
    )
  }
  return (
    <ScreenLayout
      title={title}
      subtitle={t('farcaster.subtitle')}
      body={
        channel ? (
          <>
            <QRCode value={channel.connectUri} label={t('farcaster.qrLabel')} />
            <p className="foyer-subtitle" role="status" style={{ textAlign: 'center' }}>
              {t('farcaster.waiting')}
            </p>
          </>
        ) : (
          <div className="foyer-center">
            <Spinner />
          </div>
        )
      }
      footer={
        channel ? (
          <a className="foyer-button" data-variant={isMobileBrowser() ? 'primary' : 'secondary'} href={channel.connectUri} target="_blank" rel="noopener noreferrer" onClick={(e) => (e.preventDefault(), open())}>
            {t('farcaster.open')}
          </a>
        ) : null
      }
    />
  )
}
