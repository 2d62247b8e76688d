import { useEffect, useId, useMemo, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { Button, ErrorText, ScreenLayout, Spinner, TransactionRow as Row, useFoyerKernel, useT } from '../../../ui/index.js'
import type { SendCallsParams } from '../ethereum/calls/sendCalls.js'
import { explorerTxUrl, formatNativeAmount, formatPrice, shortAddress } from '../ethereum/formatTransaction.js'
import { previewCalls, type CallsPreview } from '../ethereum/previewCalls.js'
import { chainOf, publicClientFor } from '../ethereum/sendTransaction.js'
import { failureScreenTexts, failureTextKeys, transactionFailure, transactionFailureTitleKeys, type TransactionFailureCode } from '../transactionFailure.js'
import { useNativePrice } from './useNativePrice.js'

/**
 * wallet_sendCalls' one confirmation ('Confirm transaction'): the list of calls (recipient, value, 'Contract call' when the
 * call has data), Total, Network, Estimated fee, the paying account's balance, and Approve (or Add funds); then the
 * batch's progress, 'Transaction complete!' with its transactions and 'All Done', or the error with what was sent and
 * Close. Everything after Approve is read from the batch (the send runs outside the screen), so an MFA step-up over the
 * screen, or wallet_showCallsStatus later, shows where it is.
 */
export default function SendCallsScreen({ params }: { params: SendCallsParams }) {
  useSignals()
  const foyer = useFoyerKernel()
  const tr = useT()
  const batch = params.batch.value
  const chain = useMemo(() => chainOf(params.wallet, batch.chainId), [params.wallet, batch.chainId])
  const [preview, setPreview] = useState<CallsPreview | Error | null>(null)
  const approved = batch.approved
  const transactionsId = useId()

  useEffect(() => {
    if (approved) return
    let live = true
    void (async () => {
      try {
        const p = await previewCalls(await publicClientFor(params.wallet, batch.chainId, params.fetch), chain, params.batch.peek())
        if (live) setPreview(p)
      } catch (error) {
        if (live) setPreview(error instanceof Error ? error : new Error(String(error)))
      }
    })()
    return () => {
      live = false
    }
  }, [approved])


  const price = useNativePrice(foyer, chain, params)
  const money = (wei: bigint) => formatPrice(wei, chain.nativeCurrency, params.priceDisplay === 'usd' ? price : null)
  const done = () => foyer.modal.resolve({ id: batch.id })
  const transactions = batch.hashes.length ? (
    <div>
      <p id={transactionsId}>{tr('embeddedWallet.calls.transactions')}</p>
      <ul aria-labelledby={transactionsId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {batch.hashes.map((hash) => (
          <li key={hash}>
            <a href={explorerTxUrl(hash, chain)} target="_blank" rel="noreferrer" data-testid="foyer-calls-hash" title={hash}>
              {shortAddress(hash)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  ) : null

  if (approved && batch.status === 200) {
    return (
      <ScreenLayout
        title={tr('embeddedWallet.tx.receiptTitle')}
        subtitle={tr('embeddedWallet.tx.receiptDescription')}
        footer={
          <Button variant="primary" onClick={done} data-testid="foyer-tx-done">
            {tr('embeddedWallet.tx.allDone')}
          </Button>
        }
      >
        <div data-testid="foyer-calls-receipt">{transactions}</div>
      </ScreenLayout>
    )
  }

  if (approved && batch.failure) {
    const code = batch.failure.code as TransactionFailureCode
    return (
      <ScreenLayout
        title={tr(transactionFailureTitleKeys[code] ?? failureTextKeys.fallback)}
        subtitle={batch.status === 600 ? tr('embeddedWallet.calls.partial') : undefined}
        footer={
          <Button variant="primary" onClick={done} data-testid="foyer-calls-close">
            {tr('embeddedWallet.calls.close')}
          </Button>
        }
      >
        <p role="alert" data-testid="foyer-tx-error" style={{ wordBreak: 'break-word' }}>
          {batch.failure.code === 'INSUFFICIENT_BALANCE' ? tr(failureTextKeys.insufficientFunds) : batch.failure.message}
        </p>
        {transactions}
      </ScreenLayout>
    )
  }

  const count = batch.calls.length
  const sending = approved
  const ready = preview && !(preview instanceof Error) ? preview : null
  const failed = preview instanceof Error ? preview : null
  const lowFunds = ready !== null && !ready.hasFunds
  const fund = (foyer.actions() as { fundWallet?: (address: string, options?: unknown) => Promise<unknown> }).fundWallet
  const onButton = () => {
    if (lowFunds) return void fund?.(batch.account, { chain })?.catch(() => undefined)
    params.approve()
  }
  const progress = batch.sender === 'smart-wallet' || count === 1 ? tr('embeddedWallet.calls.submitting') : tr('embeddedWallet.calls.sending', { index: Math.min(batch.hashes.length + 1, count), count })

  return (
    <ScreenLayout
      title={tr('embeddedWallet.tx.title')}
      subtitle={batch.sender === 'smart-wallet' ? tr('embeddedWallet.calls.fromSmartWallet', { address: shortAddress(batch.account) }) : undefined}
      footer={
        <Button
          variant="primary"
          onClick={onButton}
          loading={sending || (!ready && !failed)}
          disabled={sending || !ready || (lowFunds && !fund)}
          data-testid="foyer-tx-button"
        >
          {lowFunds ? tr('embeddedWallet.tx.addFunds') : tr('embeddedWallet.tx.approve')}
        </Button>
      }
    >
      <div data-testid="foyer-calls-confirm">
        <ol aria-label={tr('embeddedWallet.calls.list')} data-testid="foyer-calls" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {batch.calls.map((call, i) => (
            <li key={i} className="foyer-tx-row" data-testid="foyer-call" style={{ display: 'flex', justifyContent: 'space-between', gap: 12, padding: '4px 0' }}>
              <span>
                <span data-testid="foyer-call-to" title={call.to}>
                  {call.to ? shortAddress(call.to) : tr('embeddedWallet.calls.newContract')}
                </span>
                {call.data ? (
                  <span data-testid="foyer-call-kind" style={{ display: 'block', opacity: 0.7 }}>
                    {tr('embeddedWallet.calls.contractCall')}
                  </span>
                ) : null}
              </span>
              <span data-testid="foyer-call-value">{formatNativeAmount(call.value, chain.nativeCurrency)}</span>
            </li>
          ))}
        </ol>
        {sending ? (
          <p role="status" data-testid="foyer-calls-progress" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Spinner /> {progress}
          </p>
        ) : null}
        {!sending && !ready && !failed ? (
          <p role="status" data-testid="foyer-tx-preparing" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Spinner /> {tr('embeddedWallet.tx.preparing')}
          </p>
        ) : null}
        {!sending && failed ? <ErrorText>{failureScreenTexts(transactionFailure(failed), tr).message}</ErrorText> : null}
        {ready ? (
          <>
            <Row label={tr('embeddedWallet.tx.total')} testId="foyer-tx-total">
              {money(ready.total)}
            </Row>
            <Row label={tr('embeddedWallet.tx.network')} testId="foyer-tx-network">
              {chain.name}
            </Row>
            <Row label={tr('embeddedWallet.tx.fee')} testId="foyer-tx-fee">
              {batch.sponsored ? tr('embeddedWallet.tx.sponsored') : ready.fee === null ? tr('embeddedWallet.calls.paidBySmartWallet') : money(ready.fee)}
            </Row>
            <div className="foyer-tx-balance" data-testid="foyer-tx-balance" style={{ marginTop: 8 }}>
              <Row label={tr('embeddedWallet.tx.balance')}>{money(ready.balance)}</Row>
              <Row label="Wallet">{shortAddress(batch.account)}</Row>
            </div>
            {!sending && ready.prepareFailed ? <ErrorText>{tr(failureTextKeys.prepareFailed)}</ErrorText> : null}
            {!sending && lowFunds ? <ErrorText>{tr('embeddedWallet.tx.lowFunds', { chain: chain.name })}</ErrorText> : null}
          </>
        ) : null}
      </div>
    </ScreenLayout>
  )
}
