import { hasFailureScreen } from '../../../core/client/failureScreenPolicy.js'
import { uiScreens } from '../../../core/client/screenIds.js'
import { useEffect, useRef, useState } from 'react'
import { AbortError, BaseError } from '../../../core/errors/index.js'
import { Button, ErrorText, ScreenLayout, Spinner, useFoyerKernel, useT } from '../../../ui/index.js'
import { connectedSolanaWallet, generateSiwsMessage, siwsErrorText, submitSiws, type SiwsStatus } from '../siwsFlow.js'
import type { SiwsPluginOptions } from '../siwsPluginOptions.js'

/** Params the wallet list passes after connecting. */
export interface SiwsSignParams {
  address: string
  connectorId?: string
  /** Failures so far in this connection flow (the wallet screen's retry limit counts them). */
  failures?: number
}

/** The wallet connection screen of the ui layer: a failed sign-in hands its error back there. */
const WALLET_CONNECT_SCREEN = uiScreens.walletConnect

const statusText: Record<SiwsStatus, string> = {
  initial: 'siws.generating',
  'generating-message': 'siws.generating',
  'awaiting-signature': 'siws.awaiting',
  'submitting-signature': 'siws.submitting',
  done: 'siws.done',
  error: 'siws.error',
}

/**
 * Signs the connected Solana wallet in: generating-message → awaiting-signature →
 * submitting-signature → done. On error it hands back to the wallet connection screen when it came
 * from there, else shows the error with 'Try again' (and 'Use a different wallet' when the wallet
 * belongs to another user).
 */
export default function SiwsSignScreen({ params }: { params?: SiwsSignParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [status, setStatus] = useState<SiwsStatus>('generating-message')
  const [error, setError] = useState<{ text: string; code: string } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const alive = useRef(true)
  const started = useRef(-1)
  const address = params?.address ?? ''
  const options = (foyer.registry.plugin('siws') as { options?: SiwsPluginOptions } | undefined)?.options ?? {}
  const wallet = foyer.wallets.$wallets.peek().find((w) => w.address === address && (!params?.connectorId || w.meta.id === params.connectorId))

  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  useEffect(() => {
    // One signature request per attempt: StrictMode runs effects twice, and a wallet prompt must not.
    if (started.current === attempt) return
    started.current = attempt
    setError(null)
    void (async () => {
      try {
        setStatus('generating-message')
        const signer = connectedSolanaWallet(foyer, address, params?.connectorId)
        const message = await generateSiwsMessage(foyer, address, options)
        if (!alive.current) return
        setStatus('awaiting-signature')
        const signature = await signer.sign(message)
        if (!alive.current) return
        setStatus('submitting-signature')
        const { intent, options: login } = foyer.$modal.peek()
        await submitSiws(
          foyer,
          { message, signature, walletClientType: signer.walletClientType, connectorType: signer.connectorType },
          { intent: intent === 'link' ? 'link' : 'login', address, disableSignup: login.disableSignup === true },
        )
        if (alive.current) setStatus('done')
      } catch (err) {
        if (!alive.current || err instanceof AbortError) return
        if (hasFailureScreen(err)) return foyer.modal.showError(err)
        // Opened from the wallet list: the connection screen shows the error with its retry limit and
        // 'Use a different wallet', and its retry connects and signs again.
        if (params?.connectorId && foyer.registry.screens.has(WALLET_CONNECT_SCREEN)) {
          return foyer.modal.replace(WALLET_CONNECT_SCREEN, { connectorId: params.connectorId, error: err, failures: (params.failures ?? 0) + 1 })
        }
        setStatus('error')
        setError({ text: siwsErrorText(err), code: err instanceof BaseError ? err.code : '' })
      }
    })()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [foyer, address, attempt])

  const title = t('siws.title')
  const walletName = wallet?.meta.name ?? t('siws.yourWallet')
  if (status === 'error' && error) {
    return (
      <ScreenLayout
        title={title}
        body={<ErrorText>{error.text}</ErrorText>}
        footer={
          <>
            {error.code === 'LINKED_TO_ANOTHER_USER' ? (
              <Button variant="primary" onClick={() => foyer.modal.back()}>
                {t('siws.useDifferentWallet')}
              </Button>
            ) : null}
            <Button variant={error.code === 'LINKED_TO_ANOTHER_USER' ? 'secondary' : 'primary'} onClick={() => setAttempt((n) => n + 1)}>
              {t('siws.retry')}
            </Button>
          </>
        }
      />
    )
  }
  return (
    <ScreenLayout
      title={title}
      subtitle={t('siws.subtitle', { wallet: walletName })}
      body={
        <div className="foyer-center" data-status={status}>
          <Spinner />
          <p className="foyer-subtitle" role="status">
            {t(statusText[status], { wallet: walletName })}
          </p>
        </div>
      }
    />
  )
}
