import { useEffect, useState } from 'react'
import { Button, ErrorText, PluginIcon, ScreenLayout, Spinner, useFoyerKernel, usePluginState } from '../../../ui/index.js'
import type { EmbeddedWalletState } from '../embeddedWalletState.js'
import { formatSol, formatSolUsd } from '../formatSol.js'
import { parseSolanaInstructions, type SolanaInstruction } from '../parseSolanaInstructions.js'
import { insufficientFundsLines, solanaBalance, solanaFeeForMessage, SolanaRpcError } from '../solanaRpc.js'
import { signSendConfirm, type SendSolanaTransactionParams } from '../solanaTransactions.js'
import { readSolanaTransaction } from '../solanaWire.js'
import { fetchTokenPrice } from '../tokenPrice.js'
import { TransactionRow as Row } from './TransactionRow.js'

/** The screen's fixed texts (spec §2, §8). */
export const sendSolanaTransactionTexts = {
  title: 'Confirm transaction',
  total: 'Total',
  to: 'To',
  spender: 'Spender',
  amount: 'Amount',
  network: 'Network',
  fee: 'Estimated fee',
  balance: 'Balance',
  approve: 'Approve',
  preparing: 'Preparing transaction...',
  submitting: 'Submitting transaction...',
  receiptTitle: 'Transaction completed successfully.',
  close: 'Close',
  errorTitle: 'Transaction failure',
  insufficientTitle: 'Insufficient balance',
  tryAgain: 'Please try again.',
  retry: 'Retry transaction',
  lowFunds: 'Wallet has insufficient funds for this transaction.',
  prepareFailed: 'There was an error preparing your transaction. Your transaction request will likely fail.',
  transfer: 'Transfer',
  approveAction: 'Approve',
} as const

interface Preview {
  instructions: SolanaInstruction[] | null
  parseError: string | null
  fee: bigint | null
  balance: bigint
  total: bigint
  hasFunds: boolean
}

type Phase = { kind: 'confirm' } | { kind: 'submitting' } | { kind: 'receipt'; signature: string } | { kind: 'error'; title: string; message: string; logs: string[] }

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

/** A failure as the error screen shows it: the insufficient-lamports log lines surfaced. */
function failureOf(error: unknown): Extract<Phase, { kind: 'error' }> {
  const t = sendSolanaTransactionTexts
  const logs = error instanceof SolanaRpcError ? insufficientFundsLines(error.logs) : []
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.'
  return { kind: 'error', title: logs.length ? t.insufficientTitle : t.errorTitle, message, logs }
}

/**
 * The Solana send confirmation: each instruction (transfer: amount and recipient; approve: amount, token account and
 * spender), Network, Estimated fee, Total and the wallet's balance, then Approve → submitting (signed in the wallet
 * frame, sent, confirmed over signatureSubscribe) → the receipt 'Transaction completed successfully.' with Close, or
 * the error screen with the node's insufficient-lamports log lines. Closing before sending rejects with 4001.
 */
export default function SendSolanaTransactionScreen({ params }: { params: SendSolanaTransactionParams }) {
  const foyer = useFoyerKernel()
  const state = usePluginState<EmbeddedWalletState>('embedded-wallet')
  const ui = params.uiOptions ?? {}
  const t = sendSolanaTransactionTexts
  const [preview, setPreview] = useState<Preview | Error | null>(null)
  const [price, setPrice] = useState<number | null>(null)
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' })
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
    let live = true
    // SOL is chain id 0 on the token_price route; without a price the screen shows SOL only.
    void fetchTokenPrice(foyer, 0, 'SOL').then((p) => live && setPrice(p))
    return () => {
      live = false
    }
  }, [])

  const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`
  const money = (lamports: bigint) => (price === null ? sol(lamports) : `${sol(lamports)} (${formatSolUsd(lamports, price)})`)

  const submit = async () => {
    setPhase({ kind: 'submitting' })
    try {
      const signature = await signSendConfirm(foyer, state, params.address, fromBase64(params.transaction), params)
      if (params.outcome) params.outcome.signature = signature
      setPhase({ kind: 'receipt', signature })
    } catch (error) {
      const failure = failureOf(error)
      if (params.outcome) params.outcome.failure = { message: failure.message, logs: error instanceof SolanaRpcError ? error.logs : [] }
      setPhase(failure)
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
          <Row label="Signature" testId="foyer-sol-signature">
            <code>{phase.signature}</code>
          </Row>
        </div>
      </ScreenLayout>
    )
  }

  if (phase.kind === 'error') {
    return (
      <ScreenLayout
        title={phase.title}
        subtitle={t.tryAgain}
        footer={
          <Button
            variant="primary"
            onClick={() => {
              if (params.outcome) delete params.outcome.failure
              setReloads((n) => n + 1)
              setPhase({ kind: 'confirm' })
            }}
            data-testid="foyer-sol-retry"
          >
            {t.retry}
          </Button>
        }
      >
        <p data-testid="foyer-sol-error" style={{ wordBreak: 'break-word' }}>
          {phase.message}
        </p>
        {phase.logs.length ? (
          <pre data-testid="foyer-sol-error-logs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {phase.logs.join('\n')}
          </pre>
        ) : null}
      </ScreenLayout>
    )
  }

  const ready = preview && !(preview instanceof Error) ? preview : null
  const failed = preview instanceof Error ? preview : null
  const submitting = phase.kind === 'submitting'
  return (
    <ScreenLayout
      icon={icon}
      title={ui.title ?? t.title}
      subtitle={ui.description}
      footer={
        <Button variant="primary" onClick={() => void submit()} loading={submitting || (!ready && !failed)} disabled={submitting || (!ready && !failed)} data-testid="foyer-sol-approve">
          {submitting ? t.submitting : (ui.buttonText ?? t.approve)}
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
            {!ready.hasFunds ? <ErrorText>{t.lowFunds}</ErrorText> : null}
          </>
        ) : null}
      </div>
    </ScreenLayout>
  )
}
