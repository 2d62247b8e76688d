import { uiScreens } from '../../core/client/screenIds.js'
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef, useState } from 'react'
import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from '../primitives/Button.js'
import { CheckIcon, ErrorIcon } from '../primitives/icons.js'
import { PluginIcon } from '../primitives/PluginIcon.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'
import { Spinner } from '../primitives/Spinner.js'
import { WALLET_CONNECT_RETRY_LIMIT, walletErrorOutcome, type WalletErrorOutcome } from './walletConnectError.js'

/** The connection flow's states (spec §4). */
export type WalletConnectStatus = 'waiting' | 'connected' | 'switching' | 'signing' | 'success' | 'error'

/** Params of 'foyer/wallet-connect'. */
export interface WalletConnectParams {
  connectorId: string
  /**
   * A wallet sign-in plugin that failed hands the error back with
   * `modal.replace('foyer/wallet-connect', { connectorId, error, failures })`: the screen shows it mapped
   * (§8) with the retry (which connects and signs again) or 'Use a different wallet'.
   */
  error?: unknown
  /** Failures so far in this flow (counts toward the retry limit). Default 1 with `error`. */
  failures?: number
}

/**
 * Awaiting wallet connection: waiting → connected → switching to a supported chain → signing (a wallet
 * sign-in plugin continues) → success, or error with up to 2 retries. Connect-only flows (intent null)
 * show success and close.
 */
export default function WalletConnectScreen({ params }: { params: WalletConnectParams }) {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const connector = foyer.wallets.$connectors.value.find((c) => c.id === params?.connectorId)
  const wallet = connector?.name ?? 'wallet'
  const handedBack = params?.error !== undefined ? walletErrorOutcome(params.error, t) : null
  const initialError = handedBack && !handedBack.screen ? handedBack : null
  const [status, setStatus] = useState<WalletConnectStatus>(initialError ? 'error' : 'waiting')
  const [failures, setFailures] = useState(initialError ? (params.failures ?? 1) : 0)
  const [error, setError] = useState<Extract<WalletErrorOutcome, { title: string }> | null>(initialError)
  const [attempt, setAttempt] = useState(handedBack ? 0 : 1)
  // One connection request per attempt, shared by StrictMode's second effect run (which re-subscribes).
  const pending = useRef<{ attempt: number; promise: Promise<ConnectedWallet>; onStatus: (s: 'connected' | 'switching') => void } | null>(null)

  useEffect(() => {
    if (handedBack?.screen && attempt === 0 && !pending.current) {
      pending.current = { attempt: 0, onStatus: () => {}, promise: new Promise(() => {}) } // marks the error as shown (StrictMode runs this twice)
      foyer.modal.showError(params.error)
    }
    // Attempt 0 only shows a handed-back error.
    if (attempt === 0) return
    let live = true
    let closeTimer: ReturnType<typeof setTimeout> | undefined
    if (pending.current?.attempt !== attempt) {
      setStatus('waiting')
      setError(null)
      const request: NonNullable<typeof pending.current> = { attempt, onStatus: () => {}, promise: null as never }
      request.promise = foyer.wallets.connect(params.connectorId, { onStatus: (s) => request.onStatus(s) })
      pending.current = request
    }
    pending.current.onStatus = (s) => live && setStatus(s)
    pending.current.promise
      .then((connected) => {
        if (!live) return
        const { intent } = foyer.$modal.peek()
        const signIn = foyer.registry.walletLogins.get(connected.type)
        if ((intent === 'login' || intent === 'link') && signIn) {
          setStatus('signing')
          foyer.modal.replace(signIn, { address: connected.address, connectorId: params.connectorId, failures })
          return
        }
        setStatus('success')
        closeTimer = setTimeout(() => foyer.modal.close(), foyer.$config.peek()?.successDelayMs ?? 1000)
      })
      .catch((failure: unknown) => {
        if (!live) return
        const outcome = walletErrorOutcome(failure, t)
        if (outcome.screen) {
          foyer.modal.showError(failure)
          return
        }
        setFailures((n) => n + 1)
        setError(outcome)
        setStatus('error')
      })
    return () => {
      live = false
      clearTimeout(closeTimer)
    }
  }, [foyer, params.connectorId, attempt, t]) // eslint-disable-line react-hooks/exhaustive-deps -- one run per attempt

  const icon = <PluginIcon icon={connector?.icon} fallback={wallet} />
  if (status === 'success') {
    return (
      <ScreenLayout
        icon={
          <span className="foyer-success">
            <CheckIcon />
          </span>
        }
        title={t('wallet.success.title')}
      />
    )
  }
  if (status === 'error' && error) {
    const exhausted = failures > WALLET_CONNECT_RETRY_LIMIT && error.action === 'retry'
    const useDifferent = () => (foyer.$modal.peek().stack.length > 1 ? foyer.modal.back() : foyer.modal.replace(uiScreens.walletList))
    return (
      <ScreenLayout
        icon={<ErrorIcon />}
        title={exhausted ? t('wallet.retryLimit') : error.title}
        subtitle={exhausted ? undefined : error.detail}
      >
        <div role="alert" className="foyer-visually-hidden">
          {exhausted ? t('wallet.retryLimit') : [error.title, error.detail].filter(Boolean).join('. ')}
        </div>
        {error.action === 'different-wallet' ? (
          <Button variant="primary" onClick={useDifferent}>
            {t('wallet.useDifferent')}
          </Button>
        ) : !exhausted ? (
          <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('wallet.retry')}
          </Button>
        ) : null}
      </ScreenLayout>
    )
  }
  const title =
    status === 'switching' ? t('wallet.switching.title') : status === 'connected' || status === 'signing' ? t('wallet.connected.title', { wallet }) : t('wallet.waiting.title', { wallet })
  const detail = status === 'switching' ? t('wallet.switching.detail', { wallet }) : status === 'waiting' ? t('wallet.waiting.detail') : undefined
  return (
    <ScreenLayout icon={icon} title={title} subtitle={detail}>
      <div className="foyer-center" data-status={status}>
        <Spinner />
      </div>
    </ScreenLayout>
  )
}
