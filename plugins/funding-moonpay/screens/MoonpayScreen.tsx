import { useEffect, useRef, useState } from 'react'
import type { FundingRequest } from '../../../core/client/types.js'
import { Button, ScreenLayout, Spinner, useFoyerKernel, usePluginState, useT, type ScreenProps } from '../../../ui/index.js'
import { MOONPAY_API_URL, type FundingMoonpayState, MOONPAY_ERROR_TEXT, moonpayCurrencyCode } from '../moonpay.js'
import { initialMoonpayPoll, moonpayOutcome, moonpayPollStep, moonpayTransactionOf, type MoonpayPollResult } from '../moonpayPoll.js'
import { moonpayCalls } from '../moonpayCalls.js'
import { recordFunding, statusText } from '../../funding/index.js'
import type { MoonpaySignResult } from '../schema.js'

/** One poll of Moonpay's transaction status by its external id, with the publishable key (§7). */
async function pollOnce(apiUrl: string, apiKey: string, externalTransactionId: string): Promise<MoonpayPollResult> {
  try {
    const res = await fetch(`${apiUrl.replace(/\/+$/, '')}/v1/transactions/ext/${encodeURIComponent(externalTransactionId)}?apiKey=${encodeURIComponent(apiKey)}`)
    if (res.status === 404) return { kind: 'notFound' }
    if (!res.ok) return { kind: 'error' }
    return moonpayTransactionOf(await res.json())
  } catch {
    return { kind: 'error' }
  }
}

/**
 * Moonpay (§2, §4): the intro with 'Continue to Moonpay' (disabled until the server signed the widget URL; opens it in a
 * new tab), then the status polled every 3 s. pending (a card payment in progress) → the hub's 'Processing payment'
 * copy, and fundWallet answers 'processing' if the user closes then; completed → 'You've funded your account!';
 * awaitingAuthorization (not a card payment) → 'In Progress', the user finishes at Moonpay; failed or three polling
 * errors → back to the method selection with the Moonpay error.
 */
export default function MoonpayScreen({ params }: ScreenProps<FundingRequest>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const { options } = usePluginState<FundingMoonpayState>('funding-moonpay')
  const [signed, setSigned] = useState<MoonpaySignResult | null>(null)
  const [step, setStep] = useState<'intro' | 'status'>('intro')
  const [status, setStatus] = useState(initialMoonpayPoll.status)
  const request = useRef(params)

  const fail = () => foyer.modal.replace('funding/select', { ...request.current, errorMessage: MOONPAY_ERROR_TEXT })

  useEffect(() => {
    let live = true
    const r = request.current
    const amount = r.moonpayConfigOverride?.quoteCurrencyAmount ?? Number(r.amount)
    moonpayCalls
      .sign(foyer, {
        address: r.address,
        useSandbox: options.useSandbox,
        config: { currencyCode: moonpayCurrencyCode(r), ...(amount > 0 ? { quoteCurrencyAmount: amount } : {}) },
      })
      .then(
        (answer) => live && setSigned(answer),
        () => live && fail(),
      )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [foyer])

  useEffect(() => {
    if (step !== 'status' || !signed) return
    let live = true
    let state = initialMoonpayPoll
    let timer: ReturnType<typeof setTimeout> | undefined
    const apiKey = new URL(signed.signedUrl).searchParams.get('apiKey') ?? ''
    const apiUrl = options.apiUrl ?? signed.apiUrl ?? MOONPAY_API_URL
    const tick = async () => {
      const result = await pollOnce(apiUrl, apiKey, signed.externalTransactionId)
      if (!live) return
      state = moonpayPollStep(state, result)
      setStatus(state.status)
      if (state.status === 'pending') recordFunding(foyer, { status: 'processing' })
      if (!state.done) {
        timer = setTimeout(tick, options.pollIntervalMs)
        return
      }
      const outcome = moonpayOutcome(state.status!)
      if (!outcome) return
      if ('error' in outcome) fail()
      else foyer.modal.replace('funding/status', { status: outcome.status, provider: 'Moonpay' })
    }
    timer = setTimeout(tick, options.pollIntervalMs)
    return () => {
      live = false
      clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, signed, foyer, options])

  const open = () => {
    if (!signed) return
    // In the click handler, so the browser lets the tab open.
    window.open(signed.signedUrl, '_blank', 'noopener')
    setStep('status')
  }

  if (step === 'status') {
    // Pending: the hub's 'Processing payment' copy; before Moonpay knows the purchase, a wait for the user.
    const processing = statusText('processing', 'Moonpay')
    const pending = status === 'pending'
    return (
      <ScreenLayout
        title={pending ? t(processing.title, processing.vars) : t('fundingMoonpay.status.waiting.title')}
        subtitle={pending ? t(processing.body, processing.vars) : t('fundingMoonpay.status.waiting.subtitle')}
        footer={
          <Button variant="link" onClick={open}>
            {t('fundingMoonpay.reopen')}
          </Button>
        }
      >
        <div data-testid="foyer-moonpay-status" data-status={status ?? 'waiting'}>
          <Spinner />
        </div>
      </ScreenLayout>
    )
  }
  return (
    <ScreenLayout
      title={t('fundingMoonpay.intro.title')}
      subtitle={t('fundingMoonpay.intro.subtitle')}
      footer={
        <Button variant="primary" disabled={!signed} onClick={open} data-testid="foyer-moonpay-continue">
          {t('fundingMoonpay.continue')}
        </Button>
      }
    />
  )
}
