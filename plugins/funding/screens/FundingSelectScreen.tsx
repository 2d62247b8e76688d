import { useEffect, useState } from 'react'
import type { FundingRequest } from '../../../core/client/types.js'
import { Button, ErrorText, ScreenLayout, TextInput, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { availableFundingSlots, chainName, FUNDING_SCREENS, isValidAmount, manualAvailable } from '../fundingRequest.js'
import { fundingStateOf } from '../fundingState.js'
import { assetSymbol, fundingConfigOf, fundingEnvOf, fundingSlots, recordFunding } from '../fundWallet.js'

/** 'Send funds manually': an arrow into a tray (the row's icon, so no row falls back to a letter). */
const MANUAL_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 3v12"/><path d="m7 10 5 5 5-5"/><path d="M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4"/></svg>'

/** Characters the amount field takes as typed: digits and at most one decimal point. */
const TYPING = /^\d*\.?\d*$/

/**
 * 'Add funds to your {chain} wallet': the amount, then one row per offered method (the app's methods that a loaded
 * funding plugin provides and supports for this request) and 'Send funds manually'. Rows stay disabled until the
 * amount is > 0. A provider that failed comes back here with `errorMessage`: shown, noted for fundWallet's answer and
 * told to useFundWallet's onError. `uiConfig.landing.title` replaces the title.
 */
export default function FundingSelectScreen({ params }: ScreenProps<FundingRequest>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [amount, setAmount] = useState(params.amount)
  const env = fundingEnvOf(foyer)
  const methods = fundingConfigOf(foyer)?.methods ?? []
  // A provider's failure is shown here; the request the rows get is without it.
  const { errorMessage, ...rest } = params
  const request: FundingRequest = { ...rest, amount }
  const valid = isValidAmount(amount)
  const slots = availableFundingSlots(fundingSlots(foyer), methods, request, foyer)
  const manual = manualAvailable(methods, request)
  const chain = request.chainType === 'solana' ? 'Solana' : chainName(env, request.chainId!)
  useEffect(() => {
    const state = fundingStateOf(foyer)
    // Keyed by this entry's params: shown again (a re-render, StrictMode) it is still one failure.
    if (errorMessage && state) state.fail({ message: errorMessage, method: state.session.peek()?.outcome.method ?? null }, params)
  }, [foyer, errorMessage, params])
  const choose = (method: string, screen: string) => {
    recordFunding(foyer, { method })
    foyer.modal.push(screen, request)
  }

  return (
    <ScreenLayout title={params.uiConfig?.landing?.title || t('funding.select.title', { chain })} subtitle={t('funding.select.choose')}>
      <TextInput
        label={t('funding.select.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => {
          if (TYPING.test(e.target.value)) setAmount(e.target.value)
        }}
        action={<span className="foyer-subtitle" style={{ paddingInline: 8 }}>{assetSymbol(foyer, request)}</span>}
        data-testid="foyer-funding-amount"
      />
      {errorMessage ? <ErrorText>{errorMessage}</ErrorText> : null}
      {slots.map((slot) => (
        <Button key={slot.method} variant="option" icon={slot.icon} disabled={!valid} onClick={() => choose(slot.method, slot.screen)} data-testid={`foyer-funding-method-${slot.method}`}>
          {t(slot.label)}
        </Button>
      ))}
      {manual ? (
        <Button variant="option" icon={MANUAL_ICON} disabled={!valid} onClick={() => choose('manual', FUNDING_SCREENS.manual)} data-testid="foyer-funding-method-manual">
          {t('funding.select.manual')}
        </Button>
      ) : null}
    </ScreenLayout>
  )
}
