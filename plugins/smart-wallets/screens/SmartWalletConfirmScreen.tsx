import { useState } from 'react'
import { Button, ErrorText, ScreenLayout, TransactionRow, useFoyerKernel, useT } from '../../../ui/index.js'
import type { TransactionDecoder } from '../../wallet-transactions/index.js'
import type { SmartWalletUiOptions } from '../smartWalletTypes.js'

/** What the smart wallet's confirmation shows, and the send it runs on Approve. */
export interface SmartWalletConfirmParams {
  from: `0x${string}`
  to: `0x${string}`
  /** wei, decimal. */
  value: string
  /** The call's data ('0x' or absent: a plain transfer), decoded for Details like the embedded wallet's send screen. */
  data?: `0x${string}`
  chainName: string
  symbol: string
  decimals: number
  sponsored: boolean
  uiOptions?: SmartWalletUiOptions
  /** Sends the user operation and waits for its receipt; answers the transaction hash. */
  submit: () => Promise<`0x${string}`>
}

/** `wei` in whole units with up to 6 decimals ('0.0001 ETH'). */
export function formatUnits(wei: string, decimals: number, symbol: string): string {
  const value = BigInt(wei)
  const base = 10n ** BigInt(decimals)
  const whole = value / base
  const fraction = (value % base).toString().padStart(decimals, '0').slice(0, 6).replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} ${symbol}`
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * The smart wallet's transaction confirmation (the spec's send screen): Total, To, Network, Estimated fee ('Sponsored'
 * with a paymaster) and Approve; then 'Transaction complete!' with 'All Done', which answers the transaction hash. A
 * failure shows 'Retry transaction' and the message. Closing rejects (4001).
 *
 * Made with the embedded wallet's transaction decoder: the plugin's entry loads both (screenWith).
 */
export default function smartWalletConfirmScreen({ decodeTransaction }: TransactionDecoder) {
  return function SmartWalletConfirmScreen({ params }: { params: SmartWalletConfirmParams }) {
    const foyer = useFoyerKernel()
    const t = useT()
    const [phase, setPhase] = useState<{ kind: 'confirm' } | { kind: 'sending' } | { kind: 'done'; hash: `0x${string}` } | { kind: 'failed'; message: string }>({ kind: 'confirm' })
    const ui = params.uiOptions ?? {}

    const approve = async () => {
      setPhase({ kind: 'sending' })
      try {
        setPhase({ kind: 'done', hash: await params.submit() })
      } catch (error) {
        const message = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? 'The transaction could not be sent'
        setPhase({ kind: 'failed', message })
      }
    }

    if (phase.kind === 'done') {
      return (
        <ScreenLayout
          title="Transaction complete!"
          subtitle="All set"
          footer={
            <Button variant="primary" onClick={() => foyer.modal.resolve(phase.hash)} data-testid="foyer-smart-wallet-done">
              All Done
            </Button>
          }
        >
          <TransactionRow label="Transaction" testId="foyer-smart-wallet-hash">
            <code>{short(phase.hash)}</code>
          </TransactionRow>
        </ScreenLayout>
      )
    }

    const total = formatUnits(params.value, params.decimals, params.symbol)
    // The embedded wallet's decoder (ERC-20 / 721 / 1155 calls); a call it doesn't know reads 'transaction'.
    const decoded = params.data && params.data !== '0x' ? decodeTransaction(params.data) : null
    return (
      <ScreenLayout
        title={phase.kind === 'failed' ? 'Retry transaction' : t('smartWallets.confirm.title')}
        subtitle={ui.description ?? `From your smart wallet ${short(params.from)}`}
        footer={
          <Button variant="primary" onClick={approve} loading={phase.kind === 'sending'} disabled={phase.kind === 'sending'} data-testid="foyer-smart-wallet-approve">
            {phase.kind === 'failed' ? 'Retry transaction' : (ui.buttonText ?? 'Approve')}
          </Button>
        }
      >
        <TransactionRow label="Total" testId="foyer-tx-total">
          {total}
        </TransactionRow>
        <TransactionRow label="To" testId="foyer-tx-to">
          {short(params.to)}
        </TransactionRow>
        <TransactionRow label="Network" testId="foyer-tx-network">
          {params.chainName}
        </TransactionRow>
        <TransactionRow label="Estimated fee" testId="foyer-tx-fee">
          {params.sponsored ? t('smartWallets.sponsored') : t('smartWallets.paidByWallet')}
        </TransactionRow>
        {decoded ? (
          <TransactionRow label="Details" testId="foyer-tx-details">
            {decoded.functionName ? `${decoded.action} (${decoded.functionName})` : decoded.action}
          </TransactionRow>
        ) : null}
        {phase.kind === 'failed' ? <ErrorText>{phase.message}</ErrorText> : <ErrorText />}
      </ScreenLayout>
    )
  }
}
