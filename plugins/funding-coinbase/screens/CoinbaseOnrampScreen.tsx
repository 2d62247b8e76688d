import { useCallback, useEffect, useRef, useState } from 'react'
import type { FundingRequest } from '../../../core/client/types.js'
import { AbortError } from '../../../core/errors/index.js'
import { Button, ScreenLayout, Spinner, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { recordFunding, statusText } from '../../funding/index.js'
import {
  COINBASE_PROVIDER,
  coinbaseAssetOf,
  coinbaseChainsOf,
  coinbaseErrors,
  coinbaseFailureText,
  coinbaseNetworkOf,
  openCoinbasePopup,
  runCoinbaseOnramp,
  type CoinbaseOnrampFlowStatus,
  type FundingCoinbaseState,
} from '../onrampFlow.js'

/**
 * Coinbase Onramp (the hub opens it with the FundingRequest): 'Continue with Coinbase' opens the pay page in a 440×680
 * popup in the click handler — at once when the hub's click still counts as a user gesture — then the hub's 'In
 * Progress' copy while the popup is open, its 'Processing payment' copy while the status is polled (fundWallet answers
 * 'in-progress' / 'processing' if the user closes then), and the hub's 'success' status. A failure goes back to the
 * hub's selection with §8's Coinbase text for it ('Unable to initiate Coinbase Onramp flow.', 'There was an error
 * completing Coinbase Onramp flow.', 'Timed out waiting for transaction response from Coinbase Onramp.', 'Unsupported
 * chainId … for Coinbase Onramp').
 */
export default function CoinbaseOnrampScreen({ params }: ScreenProps<FundingRequest>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [status, setStatus] = useState<CoinbaseOnrampFlowStatus | 'intro'>('intro')
  const controller = useRef<AbortController | null>(null)
  const started = useRef(false)
  const chains = coinbaseChainsOf(foyer, foyer.pluginState<FundingCoinbaseState>('funding-coinbase').chains)
  const network = coinbaseNetworkOf(params.chainId, chains)

  const backToSelection = useCallback((errorMessage: string) => foyer.modal.replace('funding/select', { ...params, errorMessage }), [foyer, params])
  const onStatus = useCallback(
    (next: CoinbaseOnrampFlowStatus) => {
      setStatus(next)
      // What fundWallet answers if the user closes now.
      if (next === 'pending-in-flow') recordFunding(foyer, { status: 'in-progress' })
      if (next === 'pending-after-flow') recordFunding(foyer, { status: 'processing' })
    },
    [foyer],
  )

  const start = useCallback(() => {
    if (started.current) return
    started.current = true
    // In the click handler (or the hub's still-active gesture): the blank popup first, the pay page once init answers.
    const popup = network ? openCoinbasePopup() : null
    const abort = new AbortController()
    controller.current = abort
    runCoinbaseOnramp(foyer, params, popup, { signal: abort.signal, onStatus, chains }).then(
      () => foyer.modal.replace('funding/status', { status: 'success', provider: COINBASE_PROVIDER }),
      (error: unknown) => {
        if (abort.signal.aborted || error instanceof AbortError) return
        setStatus('error')
        backToSelection(coinbaseFailureText(error))
      },
    )
  }, [foyer, params, network, backToSelection, onStatus])

  useEffect(() => {
    // Chosen on the hub a moment ago: that click still lets this page open a window (Chromium's user activation).
    const active = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive
    const timer = active && network ? setTimeout(start, 0) : null
    if (!network) backToSelection(coinbaseErrors.unsupportedChain(params.chainId))
    return () => {
      if (timer) clearTimeout(timer)
    }
  }, [start, network, backToSelection, params.chainId])

  // The flow stops polling when the modal closes or the user goes back.
  useEffect(() => () => controller.current?.abort(), [])

  if (status !== 'intro') {
    // The hub's copy: 'In Progress' while the popup is open, 'Processing payment' while the purchase is confirmed.
    const copy = statusText(status === 'pending-in-flow' ? 'in-progress' : 'processing', COINBASE_PROVIDER)
    return <ScreenLayout title={t(copy.title, copy.vars)} subtitle={t(copy.body, copy.vars)} body={<Spinner />} />
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
