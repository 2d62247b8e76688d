import { useEffect, useState } from 'react'
import { Button, ErrorText, PluginIcon, ScreenLayout, Spinner, TransactionRow as Row, useFoyerKernel, useScreenState, useT } from '../../../ui/index.js'
import { formatSol, formatSolUsd } from '../solana/formatSol.js'
import { parseSolanaInstructions, type SolanaInstruction } from '../solana/parseSolanaInstructions.js'
import { confirmSolanaSignature, solanaBalance, solanaFeeForMessage, solanaSignatureState } from '../../../core/client/wallets/solanaRpc.js'
import { solanaTransactionFailure, type SolanaTransactionFailure } from '../solana/solanaTransactionFailure.js'
import { signSendConfirm, type SendSolanaTransactionParams } from '../solana/solanaTransactions.js'
import { readSolanaTransaction } from '../../../core/client/wallets/solanaWire.js'
import { fetchTokenPrice } from '../tokenPrice.js'
import { failureScreenTexts, failureTextKeys } from '../transactionFailure.js'

interface Preview {
  instructions: SolanaInstruction[] | null
  parseError: string | null
  fee: bigint | null
  balance: bigint
  total: bigint
  hasFunds: boolean
}

type Phase = { kind: 'confirm' } | { kind: 'submitting' } | { kind: 'receipt'; signature: string } | { kind: 'error'; failure: SolanaTransactionFailure }

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** Reads the transaction, its fee (getFeeForMessage) and the wallet's balance: the preview. */
async function previewOf(params: SendSolanaTransactionParams): Promise<Preview> {
  const tx = readSolanaTransaction(fromBase64(params.transaction))
  const [fee, balance] = await Promise.all([solanaFeeForMessage(params.rpcUrl, tx.message).catch(() => null), solanaBalance(params.rpcUrl, params.address)])
  let instructions: SolanaInstruction[] | null = null
  let parseError: string | null = null
  try {
    instructions = parseSolanaInstructions(tx.message, { balance, fee: fee ?? 0n })
  } catch (error) {
    parseError = (error as Error).message
  }
  const transfers = (instructions ?? []).reduce((sum, ix) => (ix.action === 'transfer' && ix.from === params.address ? sum + ix.amount : sum), 0n)
  const total = transfers + (fee ?? 0n)
  return { instructions, parseError, fee, balance, total, hasFunds: balance >= total }
}

/** The chain name of the low-funds text ('Add funds on {chain} …'): Solana, with the cluster when it isn't mainnet. */
const chainLabel = (network: string | undefined) => (network && network !== 'mainnet-beta' ? `Solana ${network}` : 'Solana')

/**
 * The Solana send confirmation: each instruction (transfer: amount and recipient; approve: amount, token account and
 * spender), Network, Estimated fee, Total and the wallet's balance, then Approve → submitting (signed in the wallet
 * frame, sent, confirmed over signatureSubscribe) → the receipt 'Transaction completed successfully.' with Close, or
 * the error screen (the Ethereum one's codes and titles, the node's insufficient-lamports log lines). Low funds offer
 * 'Add funds' (the funding plugin, when installed). Closing before sending rejects with 4001.
 */
export default function SendSolanaTransactionScreen({ params }: { params: SendSolanaTransactionParams }) {
  const foyer = useFoyerKernel()
  const ui = params.uiOptions ?? {}
  const tr = useT()
  // The screen's texts: the Ethereum screen's 'embeddedWallet.tx.*' and its own 'embeddedWallet.sol.*' (hosts override them with `texts`).
  const t = {
    title: tr('embeddedWallet.tx.title'),
    total: tr('embeddedWallet.tx.total'),
    to: tr('embeddedWallet.tx.to'),
    network: tr('embeddedWallet.tx.network'),
    fee: tr('embeddedWallet.tx.fee'),
    balance: tr('embeddedWallet.tx.balance'),
    approve: tr('embeddedWallet.tx.approve'),
    addFunds: tr('embeddedWallet.tx.addFunds'),
    lowFunds: tr('embeddedWallet.tx.lowFunds', { chain: chainLabel(params.network) }),
    preparing: tr('embeddedWallet.tx.preparing'),
    prepareFailed: tr(failureTextKeys.prepareFailed),
    transfer: tr('embeddedWallet.sol.transfer'),
    approveAction: tr('embeddedWallet.sol.approveAction'),
    spender: tr('embeddedWallet.sol.spender'),
    submitting: tr('embeddedWallet.sol.submitting'),
    receiptTitle: tr('embeddedWallet.sol.receiptTitle'),
    signature: tr('embeddedWallet.sol.signature'),
    close: tr('embeddedWallet.sol.close'),
  }
  const [preview, setPreview] = useState<Preview | Error | null>(null)
  const [price, setPrice] = useState<number | null>(null)
  // With the request, not this mount: an MFA step-up at Approve unmounts the screen while the send goes on (useScreenState).
  const [phase, setPhase] = useScreenState<Phase>('phase', { kind: 'confirm' })
  const [reloads, setReloads] = useState(0)

  useEffect(() => {
    let live = true
    setPreview(null)
    previewOf(params).then(
      (p) => live && setPreview(p),
      (error: unknown) => live && setPreview(error instanceof Error ? error : new Error(String(error))),
    )
    return () => {
      live = false
    }
  }, [reloads])

  useEffect(() => {
    if (params.priceDisplay !== 'usd') return
    let live = true
    // SOL is chain id 0 on the token_price route; without a price the screen shows SOL only.
    void fetchTokenPrice(foyer, 0, 'SOL').then((p) => live && setPrice(p))
    return () => {
      live = false
    }
  }, [])

  const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`
  const money = (lamports: bigint) => (price === null || params.priceDisplay !== 'usd' ? sol(lamports) : `${sol(lamports)} (${formatSolUsd(lamports, price)})`)

  const done = (signature: string) => {
    if (params.outcome) params.outcome.signature = signature
    setPhase({ kind: 'receipt', signature })
  }
  const fail = (error: unknown) => {
    const failure = solanaTransactionFailure(error)
    if (params.outcome) params.outcome.failure = { code: failure.code, message: failure.message, logs: failure.logs }
    setPhase({ kind: 'error', failure })
  }

  const submit = async () => {
    setPhase({ kind: 'submitting' })
    try {
      done(await signSendConfirm(params.wallet, params.address, fromBase64(params.transaction), params))
    } catch (error) {
      fail(error)
    }
  }

  /**
   * 'Try again' after a confirmation timeout: the earlier send may still land, so its signature is asked first —
   * confirmed is the receipt, failed the error, pending waits again; only a signature the node never saw is sent again.
   */
  const resume = async (signature: string) => {
    setPhase({ kind: 'submitting' })
    try {
      const earlier = await solanaSignatureState(params.rpcUrl, signature)
      if (earlier.state === 'unknown') return void (await submit())
      if (earlier.state === 'failed') throw new Error(`Transaction failed: ${JSON.stringify(earlier.err)}`)
      if (earlier.state === 'pending') await confirmSolanaSignature(params.rpcUrl, params.wsUrl, signature)
      done(signature)
    } catch (error) {
      fail(error)
    }
  }

  const icon = ui.iconUrl ? <PluginIcon icon={ui.iconUrl} /> : undefined

  if (phase.kind === 'receipt') {
    return (
      <ScreenLayout
        icon={icon}
        title={ui.successHeader ?? t.receiptTitle}
        subtitle={ui.successDescription}
        footer={
          <Button variant="primary" onClick={() => foyer.modal.resolve({ signature: phase.signature })} data-testid="foyer-sol-close">
            {t.close}
          </Button>
        }
      >
        <div data-testid="foyer-sol-receipt">
          <Row label={t.signature} testId="foyer-sol-signature">
            <code>{phase.signature}</code>
          </Row>
        </div>
      </ScreenLayout>
    )
  }

  if (phase.kind === 'error') {
    const { failure } = phase
    const texts = failureScreenTexts(failure, tr)
    const again = () => {
      if (params.outcome) delete params.outcome.failure
      if (failure.signature) return void resume(failure.signature)
      setReloads((n) => n + 1)
      setPhase({ kind: 'confirm' })
    }
    return (
      <ScreenLayout
        title={texts.title}
        subtitle={texts.subtitle}
        footer={
          <Button variant="primary" onClick={again} data-testid="foyer-sol-retry">
            {texts.button}
          </Button>
        }
      >
        <p data-testid="foyer-sol-error" style={{ wordBreak: 'break-word' }}>
          {texts.message}
        </p>
        {failure.surfaced.length ? (
          <pre data-testid="foyer-sol-error-logs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {failure.surfaced.join('\n')}
          </pre>
        ) : null}
      </ScreenLayout>
    )
  }

  const ready = preview && !(preview instanceof Error) ? preview : null
  const failed = preview instanceof Error ? preview : null
  const submitting = phase.kind === 'submitting'
  const lowFunds = ready !== null && !ready.hasFunds
  // Funding without importing it: the funding plugin's action, when the host installed one (as the Ethereum screen).
  const fund = (foyer.actions() as { fundWallet?: (address: string, options?: unknown) => Promise<unknown> }).fundWallet
  const onButton = () => {
    if (lowFunds) return void fund?.(params.address, { cluster: { name: params.network ?? 'mainnet-beta' } })?.catch(() => undefined)
    void submit()
  }
  return (
    <ScreenLayout
      icon={icon}
      title={ui.title ?? t.title}
      subtitle={ui.description}
      footer={
        <Button
          variant="primary"
          onClick={onButton}
          loading={submitting || (!ready && !failed)}
          disabled={submitting || (!ready && !failed) || (lowFunds && !fund)}
          data-testid="foyer-sol-approve"
        >
          {submitting ? t.submitting : lowFunds ? t.addFunds : (ui.buttonText ?? t.approve)}
        </Button>
      }
    >
      <div data-testid="foyer-sol-confirm">
        {!ready && !failed ? (
          <div data-testid="foyer-sol-preparing" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Spinner /> {t.preparing}
          </div>
        ) : null}
        {failed ? <ErrorText>{t.prepareFailed}</ErrorText> : null}
        {ready ? (
          <>
            {(ready.instructions ?? []).map((ix, i) => (
              <div key={i} data-testid="foyer-sol-instruction" data-action={ix.action} style={{ marginBottom: 8 }}>
                <Row label={ix.action === 'transfer' ? t.transfer : t.approveAction} testId="foyer-sol-amount">
                  {ix.action === 'transfer' ? sol(ix.amount) : ix.amount.toString()}
                </Row>
                <Row label={t.to} testId="foyer-sol-to">
                  {ix.to}
                </Row>
                {ix.spender ? (
                  <Row label={t.spender} testId="foyer-sol-spender">
                    {ix.spender}
                  </Row>
                ) : null}
              </div>
            ))}
            {ready.parseError ? <ErrorText>{ready.parseError}</ErrorText> : null}
            {params.network ? (
              <Row label={t.network} testId="foyer-sol-network">
                {params.network}
              </Row>
            ) : null}
            <Row label={t.fee} testId="foyer-sol-fee">
              {ready.fee === null ? '—' : money(ready.fee)}
            </Row>
            <Row label={t.total} testId="foyer-sol-total">
              {money(ready.total)}
            </Row>
            <Row label={t.balance} testId="foyer-sol-balance">
              {sol(ready.balance)}
            </Row>
            {lowFunds ? <ErrorText>{t.lowFunds}</ErrorText> : null}
          </>
        ) : null}
      </div>
    </ScreenLayout>
  )
}
