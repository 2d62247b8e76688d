import { useCallback, useEffect, useRef, useState } from 'react'
import type { FundingRequest } from '../../../core/client/types.js'
import { AbortError } from '../../../core/errors/index.js'
import { Button, ScreenLayout, Spinner, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import {
  COINBASE_PROVIDER,
  coinbaseAssetOf,
  coinbaseErrors,
  coinbaseNetworkOf,
  coinbasePublicConfig,
  openCoinbasePopup,
  runCoinbaseOnramp,
  type CoinbaseOnrampFlowStatus,
} from '../onrampFlow.js'

/**
 * Coinbase Onramp (the hub opens it with the FundingRequest): 'Continue with Coinbase' opens the pay page in a 440×680
 * popup in the click handler — at once when the hub's click still counts as a user gesture — then 'In Progress' while
 * the popup is open, 'Confirming your purchase' while the status is polled, and the hub's 'success' status. A failure
 * goes back to the hub's selection with §8's Coinbase text.
 */
export default function CoinbaseOnrampScreen({ params }: ScreenProps<FundingRequest>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [status, setStatus] = useState<CoinbaseOnrampFlowStatus | 'intro'>('intro')
  const controller = useRef<AbortController | null>(null)
  const started = useRef(false)
  const chains = { ...coinbasePublicConfig(foyer)?.chains, ...foyer.pluginState<{ chains?: Record<string, string> }>('funding-coinbase').chains }
  const network = coinbaseNetworkOf(params.chainId, chains)

  const backToSelection = useCallback(() => foyer.modal.replace('funding/select', { ...params, errorMessage: coinbaseErrors.failure }), [foyer, params])

  const start = useCallback(() => {
    if (started.current) return
    started.current = true
    // In the click handler (or the hub's still-active gesture): the blank popup first, the pay page once init answers.
    const popup = network ? openCoinbasePopup() : null
    const abort = new AbortController()
    controller.current = abort
    runCoinbaseOnramp(foyer, params, popup, { signal: abort.signal, onStatus: setStatus, chains }).then(
      () => foyer.modal.replace('funding/status', { status: 'success', provider: COINBASE_PROVIDER }),
      (error: unknown) => {
        if (abort.signal.aborted || error instanceof AbortError) return
        setStatus('error')
        backToSelection()
      },
    )
  }, [foyer, params, network, backToSelection])

  useEffect(() => {
    // Chosen on the hub a moment ago: that click still lets this page open a window (Chromium's user activation).
    const active = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive
    const timer = active && network ? setTimeout(start, 0) : null
    if (!network) backToSelection()
    return () => {
      if (timer) clearTimeout(timer)
    }
  }, [start, network, backToSelection])

  // The flow stops polling when the modal closes or the user goes back.
  useEffect(() => () => controller.current?.abort(), [])

  if (status === 'pending-in-flow') {
    return <ScreenLayout title={t('fundingCoinbase.inFlow.title')} subtitle={t('fundingCoinbase.inFlow.body')} body={<Spinner />} />
  }
  if (status === 'pending-after-flow' || status === 'success' || status === 'error') {
    return <ScreenLayout title={t('fundingCoinbase.afterFlow.title')} subtitle={t('fundingCoinbase.afterFlow.body')} body={<Spinner />} />
  }
  return (
    <ScreenLayout
      title={t('fundingCoinbase.title')}
      subtitle={t('fundingCoinbase.intro', { amount: params.amount, asset: (network && coinbaseAssetOf(params, network)) ?? '', network: network ?? '' })}
      footer={
        <Button variant="primary" disabled={!network} onClick={start} data-testid="foyer-coinbase-onramp-continue">
          {t('fundingCoinbase.continue')}
        </Button>
      }
    />
  )
}
