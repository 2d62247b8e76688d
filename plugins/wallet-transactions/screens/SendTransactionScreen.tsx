import { useEffect, useMemo, useState } from 'react'
import { Button, ErrorText, PluginIcon, ScreenLayout, Spinner, TransactionRow as Row, useFoyerKernel, useScreenState, useT } from '../../../ui/index.js'
import type { DecodedTransaction } from '../ethereum/decodeTransaction.js'
import { DETAILS_MAX_HEIGHT_PX, explorerTxUrl, formatPrice, formatTokenAmount, MAX_UINT256, shortAddress } from '../ethereum/formatTransaction.js'
import {
  chainOf,
  previewTransaction,
  publicClientFor,
  receiptOfEarlierSend,
  sendStep,
  signStep,
  waitForReceipt,
  type TransactionPreview,
} from '../ethereum/sendTransaction.js'
import type { SendTransactionParams, SendTransactionResult } from '../ethereum/transactionTypes.js'
import { failureScreenTexts, failureTextKeys, transactionFailure, type TransactionFailure } from '../transactionFailure.js'
import { useNativePrice } from './useNativePrice.js'

type Phase = { kind: 'confirm' } | { kind: 'submitting' } | { kind: 'receipt'; result: SendTransactionResult } | { kind: 'error'; failure: TransactionFailure }


/** The decoded call's lines (spec §3's decoded transaction details). */
function decodedRows(decoded: DecodedTransaction, token?: { symbol: string; decimals: number }): [string, string][] {
  const amount = (a: bigint) => (token ? `${formatTokenAmount(a, token.decimals)}${a === MAX_UINT256 ? '' : ` ${token.symbol}`}` : formatTokenAmount(a, 0))
  const rows: [string, string][] = [['Action', decoded.action]]
  if (decoded.functionName) rows.push(['Function', decoded.functionName])
  if (decoded.isErc20Ish) rows.push(['Token', token ? `${token.symbol} (ERC-20)` : 'ERC-20'])
  if (decoded.isNFTIsh) rows.push(['Token', 'NFT'])
  if (decoded.spender) rows.push(['Spender', decoded.spender])
  if (decoded.amount !== undefined) rows.push(['Amount', amount(decoded.amount)])
  if (decoded.operator) rows.push(['Operator', decoded.operator])
  if (decoded.approved !== undefined) rows.push(['Approved', decoded.approved ? 'Yes' : 'No'])
  if (decoded.transferFrom) rows.push(['From', decoded.transferFrom])
  if (decoded.transferTo) rows.push(['To', decoded.transferTo])
  if (decoded.tokenId !== undefined) rows.push(['Token ID', decoded.tokenId.toString()])
  if (decoded.tokenIds) rows.push(['Token IDs', decoded.tokenIds.join(', ')])
  if (decoded.amounts) rows.push(['Amounts', decoded.amounts.map((a) => formatTokenAmount(a, 0)).join(', ')])
  return rows
}

/**
 * The Ethereum send (or sign) confirmation: Total, To, Network, Estimated fee, Details (the decoded call), the wallet's
 * balance and Approve / Continue / Add funds; then submitting, the receipt ('Transaction complete!', 'All Done') or
 * the error screen ('Retry transaction'). Multi-step requests move with Continue and Back; Approve on the last step
 * sends them in order, each after the previous one's receipt. Closing before sending rejects with 4001.
 */
export default function SendTransactionScreen({ params }: { params: SendTransactionParams }) {
  const foyer = useFoyerKernel()
  const wallet = params.wallet
  const ui = params.uiOptions ?? {}
  const tr = useT()
  // The screen's texts (plugin texts 'embeddedWallet.tx.*': the spec's §2 and §8; hosts override them with `texts`).
  const t = {
    title: tr('embeddedWallet.tx.title'),
    signTitle: tr('embeddedWallet.tx.signTitle'),
    total: tr('embeddedWallet.tx.total'),
    to: tr('embeddedWallet.tx.to'),
    network: tr('embeddedWallet.tx.network'),
    fee: tr('embeddedWallet.tx.fee'),
    sponsored: tr('embeddedWallet.tx.sponsored'),
    details: tr('embeddedWallet.tx.details'),
    balance: tr('embeddedWallet.tx.balance'),
    approve: tr('embeddedWallet.tx.approve'),
    continue: tr('embeddedWallet.tx.continue'),
    back: tr('embeddedWallet.tx.back'),
    addFunds: tr('embeddedWallet.tx.addFunds'),
    lowFunds: (chain: string) => tr('embeddedWallet.tx.lowFunds', { chain }),
    preparing: tr('embeddedWallet.tx.preparing'),
    receiptTitle: tr('embeddedWallet.tx.receiptTitle'),
    receiptDescription: tr('embeddedWallet.tx.receiptDescription'),
    allDone: tr('embeddedWallet.tx.allDone'),
    step: (index: number, count: number) => tr('embeddedWallet.tx.step', { index, count }),
    viewOnExplorer: tr('embeddedWallet.tx.viewOnExplorer'),
    copy: tr('embeddedWallet.tx.copy'),
    copied: tr('embeddedWallet.tx.copied'),
  }
  // Where the send is (and what it sent) lives with the request: an MFA step-up at Approve pushes 'Verify your
  // identity' over this screen, and the send goes on while it is unmounted; the new mount shows it under way, then
  // its receipt or error (never the confirmation again, which would send it twice).
  const [index, setIndex] = useScreenState('index', 0)
  const [previews, setPreviews] = useState<Record<number, TransactionPreview | Error>>({})
  const [phase, setPhase] = useScreenState<Phase>('phase', { kind: 'confirm' })
  const [showDetails, setShowDetails] = useState(false)
  const [lastHash, setLastHash] = useScreenState<`0x${string}` | null>('lastHash', null)
  // The send whose receipt timed out: 'Try again' asks the node about it before sending that step again.
  const [timedOut, setTimedOut] = useScreenState<`0x${string}` | null>('timedOut', null)
  const [copied, setCopied] = useState(false)
  const [sent, setSent] = useScreenState<`0x${string}`[]>('sent', [])
  const [reloads, setReloads] = useState(0)
  const step = params.steps[index]!
  const chain = useMemo(() => chainOf(wallet, step.chainId), [wallet, step.chainId])
  const last = index === params.steps.length - 1
  const preview = previews[index]

  useEffect(() => {
    let live = true
    if (previews[index]) return
    void (async () => {
      try {
        const client = await publicClientFor(wallet, step.chainId, params.fetch)
        const p = await previewTransaction(client, chain, params.address, step)
        if (live) setPreviews((all) => ({ ...all, [index]: p }))
      } catch (error) {
        if (live) setPreviews((all) => ({ ...all, [index]: error instanceof Error ? error : new Error(String(error)) }))
      }
    })()
    return () => {
      live = false
    }
  }, [index, reloads])


  const price = useNativePrice(foyer, chain, params)
  const money = (wei: bigint) => formatPrice(wei, chain.nativeCurrency, params.priceDisplay === 'usd' ? price : null)

  /** Step `i` as sent: one the node couldn't estimate goes with the preview's fallback gas limit (the screen warned it will likely fail). */
  const stepToSend = (i: number) => {
    const shown = previews[i]
    const s = params.steps[i]!
    return shown && !(shown instanceof Error) && shown.prepareFailed && s.request.gas === undefined ? { ...s, request: { ...s.request, gas: shown.prepared.gas } } : s
  }

  /** Signs (sign mode) or sends every step in order, each after the previous receipt; a retry after a hash re-reads the nonce. */
  const submit = async () => {
    setPhase({ kind: 'submitting' })
    const resetNonce = lastHash !== null
    let hash: `0x${string}` | null = null
    try {
      if (params.mode === 'sign') {
        const client = await publicClientFor(wallet, step.chainId, params.fetch)
        const signature = await signStep(wallet, client, params.address, stepToSend(index), resetNonce)
        params.outcome.signature = signature
        foyer.modal.resolve(signature)
        return
      }
      const hashes = [...sent]
      let receipt: SendTransactionResult['receipt']
      for (let i = hashes.length; i < params.steps.length; i++) {
        const s = stepToSend(i)
        const client = await publicClientFor(wallet, s.chainId, params.fetch)
        // After a timeout, the earlier send of this step may have landed (or still be pending): never send it twice.
        const earlierHash = i === hashes.length ? timedOut : null
        hash = earlierHash
        const earlier = earlierHash ? await receiptOfEarlierSend(client, earlierHash) : null
        let stepHash: `0x${string}`
        if (earlier && earlierHash) [stepHash, receipt] = [earlierHash, earlier]
        else {
          stepHash = hash = await sendStep(wallet, client, params.address, s, resetNonce && i === hashes.length)
          setLastHash(stepHash)
          // Sent: from here a close answers the hash (never a 4001 for a transaction that is on its way).
          params.outcome.result = { hash: stepHash, ...(hashes.length ? { hashes: [...hashes, stepHash] } : {}) }
          params.outcome.done = true
          receipt = await waitForReceipt(client, stepHash)
        }
        setTimedOut(null)
        hashes.push(stepHash)
        setSent([...hashes])
      }
      const result: SendTransactionResult = { hash: hashes[hashes.length - 1]!, ...(hashes.length > 1 ? { hashes } : {}), ...(receipt ? { receipt } : {}) }
      params.outcome.result = result
      params.outcome.done = true
      setPhase({ kind: 'receipt', result })
    } catch (error) {
      const failure = transactionFailure(error, hash)
      setTimedOut(failure.code === 'CLIENT_REQUEST_TIMEOUT' ? hash : null)
      // A close on the error screen answers this failure (with the hash when the transaction reached the chain).
      params.outcome.failure = failure
      params.outcome.done = false
      setPhase({ kind: 'error', failure })
    }
  }

  const retry = () => {
    delete params.outcome.failure
    // 'Try again' after a timeout resumes the send (its earlier hash is asked first); other failures go back to the confirmation.
    if (timedOut) return void submit()
    setPreviews({})
    setReloads((n) => n + 1)
    setPhase({ kind: 'confirm' })
  }

  const icon = ui.iconUrl ? <PluginIcon icon={ui.iconUrl} /> : undefined

  if (phase.kind === 'receipt') {
    return (
      <ScreenLayout
        icon={icon}
        title={ui.successHeader ?? t.receiptTitle}
        subtitle={ui.successDescription ?? t.receiptDescription}
        footer={
          <Button variant="primary" onClick={() => foyer.modal.resolve(phase.result)} data-testid="foyer-tx-done">
            {t.allDone}
          </Button>
        }
      >
        <div data-testid="foyer-tx-receipt">
          <Row label="Transaction">
            <a href={explorerTxUrl(phase.result.hash, chain)} target="_blank" rel="noreferrer" data-testid="foyer-tx-hash">
              {shortAddress(phase.result.hash)}
            </a>
          </Row>
          {phase.result.receipt ? <Row label="Block">{phase.result.receipt.blockNumber.toString()}</Row> : null}
        </div>
      </ScreenLayout>
    )
  }

  if (phase.kind === 'error') {
    const { failure } = phase
    const texts = failureScreenTexts(failure, tr)
    return (
      <ScreenLayout
        title={texts.title}
        subtitle={texts.subtitle}
        footer={
          <Button variant="primary" onClick={retry} data-testid="foyer-tx-retry">
            {texts.button}
          </Button>
        }
      >
        <p data-testid="foyer-tx-error" style={{ wordBreak: 'break-word' }}>
          {texts.message}
        </p>
        {failure.hash ? (
          <div data-testid="foyer-tx-error-hash" style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <code style={{ wordBreak: 'break-all' }}>{failure.hash}</code>
            <Button
              variant="link"
              onClick={() => {
                void navigator.clipboard?.writeText(failure.hash!).then(() => setCopied(true), () => undefined)
              }}
            >
              {copied ? t.copied : t.copy}
            </Button>
            <a href={explorerTxUrl(failure.hash, chain)} target="_blank" rel="noreferrer" data-testid="foyer-tx-explorer">
              {t.viewOnExplorer}
            </a>
          </div>
        ) : null}
      </ScreenLayout>
    )
  }

  const ready = preview && !(preview instanceof Error) ? preview : null
  const failed = preview instanceof Error ? preview : null
  const submitting = phase.kind === 'submitting'
  const lowFunds = ready !== null && !ready.hasFunds
  const buttonText = lowFunds ? t.addFunds : !last ? t.continue : (ui.buttonText ?? t.approve)
  const fund = (foyer.actions() as { fundWallet?: (address: string, options?: unknown) => Promise<unknown> }).fundWallet
  const onButton = () => {
    if (lowFunds) {
      void fund?.(params.address, { chain })?.catch(() => undefined)
      return
    }
    if (!last) setIndex(index + 1)
    else void submit()
  }
  const title = ui.title ?? (params.mode === 'sign' ? t.signTitle : t.title)
  const subtitle = ui.description ?? ui.transactionInfo?.title

  return (
    <ScreenLayout
      icon={icon}
      title={title}
      subtitle={subtitle}
      footer={
        <div style={{ display: 'flex', gap: 8, width: '100%' }}>
          {index > 0 && !submitting ? (
            <Button onClick={() => setIndex(index - 1)} data-testid="foyer-tx-back">
              {t.back}
            </Button>
          ) : null}
          <Button
            variant="primary"
            onClick={onButton}
            loading={submitting || (!ready && !failed)}
            disabled={submitting || !ready || (lowFunds && !fund)}
            data-testid="foyer-tx-button"
          >
            {buttonText}
          </Button>
        </div>
      }
    >
      <div data-testid="foyer-tx-confirm">
        {params.steps.length > 1 ? <p data-testid="foyer-tx-step">{t.step(index + 1, params.steps.length)}</p> : null}
        {ui.transactionInfo?.contractInfo?.imgUrl ? (
          <img src={ui.transactionInfo.contractInfo.imgUrl} alt={ui.transactionInfo.contractInfo.imgAltText ?? ''} style={{ maxWidth: 64, maxHeight: 64 }} />
        ) : null}
        {ui.transactionInfo?.action ? <Row label="Action">{ui.transactionInfo.action}</Row> : null}
        {!ready && !failed ? (
          <div data-testid="foyer-tx-preparing" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Spinner /> {t.preparing}
          </div>
        ) : null}
        {failed ? <ErrorText>{failureScreenTexts(transactionFailure(failed), tr).message}</ErrorText> : null}
        {ready ? (
          <>
            <Row label={t.total} testId="foyer-tx-total">
              {money(ready.total)}
            </Row>
            <Row label={t.to} testId="foyer-tx-to">
              {ready.prepared.to ? shortAddress(ready.prepared.to) : 'New contract'}
            </Row>
            <Row label={t.network} testId="foyer-tx-network">
              {chain.name}
            </Row>
            <Row label={t.fee} testId="foyer-tx-fee">
              {params.sponsored ? t.sponsored : money(ready.fee)}
            </Row>
            <Button variant="link" aria-expanded={showDetails} onClick={() => setShowDetails(!showDetails)} data-testid="foyer-tx-details-toggle">
              {t.details}
            </Button>
            {showDetails ? (
              <div data-testid="foyer-tx-details" style={{ maxHeight: DETAILS_MAX_HEIGHT_PX, overflow: 'auto' }}>
                <Row label="From">{params.address}</Row>
                {ready.prepared.to ? <Row label="Contract">{ready.prepared.to}</Row> : null}
                <Row label="Value">{money(ready.prepared.value)}</Row>
                {decodedRows(ready.decoded, ready.token).map(([label, value], i) => (
                  <Row key={`${label}-${i}`} label={label}>
                    {value}
                  </Row>
                ))}
                <Row label="Gas limit">{ready.prepared.gas.toString()}</Row>
                {ready.l1Fee > 0n ? <Row label="L1 fee">{money(ready.l1Fee)}</Row> : null}
                <Row label="Nonce">{String(ready.prepared.nonce)}</Row>
              </div>
            ) : null}
            <div className="foyer-tx-balance" data-testid="foyer-tx-balance" style={{ marginTop: 8 }}>
              <Row label={t.balance}>{money(ready.balance)}</Row>
              <Row label="Wallet">{shortAddress(params.address)}</Row>
            </div>
            {ready.prepareFailed ? <ErrorText>{tr(failureTextKeys.prepareFailed)}</ErrorText> : null}
            {lowFunds ? <ErrorText>{t.lowFunds(chain.name)}</ErrorText> : null}
          </>
        ) : null}
      </div>
    </ScreenLayout>
  )
}
