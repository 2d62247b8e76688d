import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { ConnectorError } from '../../../core/errors/index.js'
import { Button, ErrorText, PluginIcon, ScreenLayout, Spinner, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { siweErrorOutcome, signInWithWallet, toSiweError, type SiweErrorOutcome, type SiweStep } from '../siweFlow.js'
import { siweTexts } from '../schema.js'
import { WALLET_CONNECT_SCREEN, WALLET_LIST_SCREEN } from '../walletListScreen.js'

/** Params the wallet list passes after a connect. */
export interface SiweSignParams {
  address: string
  connectorId?: string
  /** Failed attempts so far in this connection flow (the connect screen counts them). */
  failures?: number
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * 'Sign to verify': builds the sign-in message for the connected wallet and prompts for the
 * signature at once (WalletConnect waits 2.5 s first), then logs in or links. States:
 * generating-message → awaiting-signature → submitting-signature → done | error; on error the
 * spec's text with 'Try again', or 'Use a different wallet' when the wallet belongs to another user
 * (handed back to the ui's connect screen when the wallet list started the flow).
 */
export default function SiweSignScreen({ params }: ScreenProps<SiweSignParams>) {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const [step, setStep] = useState<SiweStep | 'error'>('generating-message')
  const [outcome, setOutcome] = useState<Exclude<SiweErrorOutcome, { screen: true }> | null>(null)
  const [attempt, setAttempt] = useState(0)
  const current = useRef(0)
  const wallet = foyer.wallets.$wallets.value.find(
    (w) => w.address.toLowerCase() === params.address.toLowerCase() && (!params.connectorId || w.meta.id === params.connectorId),
  )

  useEffect(() => {
    const id = ++current.current
    const alive = () => current.current === id
    // Started on the next tick, so a StrictMode double mount prompts the wallet once, not twice.
    const timer = setTimeout(() => {
      setOutcome(null)
      setStep('generating-message')
      const connected = foyer.wallets.$wallets
        .peek()
        .find((w) => w.address.toLowerCase() === params.address.toLowerCase() && (!params.connectorId || w.meta.id === params.connectorId))
      const { intent, options } = foyer.$modal.peek()
      const run = connected
        ? signInWithWallet(foyer, connected, {
            intent: intent === 'link' ? 'link' : 'login',
            disableSignup: options.disableSignup === true,
            alive,
            onStep: (s) => alive() && setStep(s),
          })
        : Promise.reject(new ConnectorError(siweTexts.notConnected, { code: 'WALLET_NOT_CONNECTED' }))
      run.catch((error: unknown) => {
        if (!alive()) return
        const out = siweErrorOutcome(error, t)
        foyer.failAuth(error)
        if (out.screen) return foyer.modal.showError(error)
        // Inside the wallet list's flow the connect screen owns the error: its retry connects and signs
        // again and counts toward the connection retry limit (2, then 'Unable to connect wallet').
        if (params.connectorId && foyer.registry.screens.has(WALLET_CONNECT_SCREEN)) {
          return foyer.modal.replace(WALLET_CONNECT_SCREEN, { connectorId: params.connectorId, error: toSiweError(error), failures: (params.failures ?? 0) + 1 })
        }
        setStep('error')
        setOutcome(out)
      })
    }, 0)
    return () => {
      clearTimeout(timer)
      current.current++
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [foyer, params.address, params.connectorId, attempt])

  const icon = wallet?.meta.icon ? <PluginIcon icon={wallet.meta.icon} /> : undefined
  if (step === 'error' && outcome) {
    return (
      <ScreenLayout
        icon={icon}
        title={outcome.title}
        footer={
          outcome.action === 'different-wallet' ? (
            <Button variant="primary" onClick={() => foyer.modal.replace(WALLET_LIST_SCREEN)}>
              {t('siwe.useDifferentWallet')}
            </Button>
          ) : (
            <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('siwe.retry')}
            </Button>
          )
        }
      >
        <ErrorText>{outcome.detail ?? null}</ErrorText>
      </ScreenLayout>
    )
  }
  const status = step === 'awaiting-signature' ? t('siwe.awaiting') : step === 'submitting-signature' || step === 'done' ? t('siwe.submitting') : t('siwe.generating')
  return (
    <ScreenLayout icon={icon ?? <Spinner />} title={t('siwe.title')} subtitle={wallet ? `${wallet.meta.name} · ${short(wallet.address)}` : short(params.address)}>
      <p className="foyer-subtitle" role="status" data-step={step} style={{ textAlign: 'center' }}>
        {status}
      </p>
      <div className="foyer-center">
        <Spinner />
      </div>
    </ScreenLayout>
  )
}
