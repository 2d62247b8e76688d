import { useState } from 'react'
import type { FundingRequest } from 'foyer/core'
import { Button, ScreenLayout, useFoyerKernel, useT, type ScreenProps } from 'foyer/ui'
import { faucetCalls } from '../api.js'

/** The hub's screens this plugin moves to (the funding hub's contract). */
const HUB = { select: 'funding/select', status: 'funding/status' }

/** Asks the app's faucet for the amount; the hub's status screen on success, back to 'Add funds' with the error otherwise. */
export default function FaucetScreen({ params }: ScreenProps<FundingRequest>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [busy, setBusy] = useState(false)
  // The chain's currency symbol from the host's chains (the faucet sends native currency only).
  const symbol = foyer.$config.peek()?.client.supportedChains?.find((c) => c.id === params.chainId)?.nativeCurrency.symbol ?? 'ETH'
  const vars = { amount: params.amount, symbol, address: params.address }

  const send = async () => {
    setBusy(true)
    try {
      await faucetCalls.fund(foyer, { address: params.address, chainId: params.chainId!, amount: params.amount })
      foyer.modal.replace(HUB.status, { status: 'success', provider: t('faucet.provider') })
    } catch (error) {
      const message = (error as { shortMessage?: string; message?: string }).shortMessage ?? (error as Error).message
      foyer.modal.replace(HUB.select, { ...params, errorMessage: message })
    }
  }

  return (
    <ScreenLayout
      title={t('faucet.title')}
      subtitle={t('faucet.body', vars)}
      footer={
        <Button variant="primary" loading={busy} onClick={() => void send()} data-testid="faucet-send">
          {t('faucet.send', vars)}
        </Button>
      }
    />
  )
}
