import { useEffect, useRef, useState } from 'react'
import { formatUnits } from 'viem'
import type { FundingRequest } from '../../../core/client/types.js'
import { Button, ScreenLayout, Spinner, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { hostChains, sendBridge } from '../flow.js'
import { RELAY_SOLANA_CHAIN_ID } from '../externalSlot.js'
import { failureText, isSolanaQuote, selectBridgeOption, type BridgeQuote } from '../transfer.js'

/** Params of `funding-external/bridge`. */
export interface BridgeScreenParams {
  request: FundingRequest
  /** The external wallet that pays. */
  address: string
  quotes: BridgeQuote[]
}

/**
 * 'Transfer from another network': one row per origin chain a Relay quote can pay from (with what it costs there);
 * the chosen one is sent on its chain. Back (and any failure) returns to the method selection.
 */
export default function BridgeScreen({ params }: ScreenProps<BridgeScreenParams>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [busy, setBusy] = useState(false)
  const live = useRef(true)
  useEffect(() => {
    live.current = true
    return () => {
      live.current = false
    }
  }, [])
  const chains = hostChains(foyer)
  const toSelect = (errorMessage?: string) => foyer.modal.replace('funding/select', { ...params.request, ...(errorMessage ? { errorMessage } : {}) })

  const choose = async (originChainId: number) => {
    setBusy(true)
    try {
      const quote = selectBridgeOption(params.quotes, originChainId)
      const wallet = foyer.wallets.$wallets.peek().find((w) => w.address.toLowerCase() === params.address.toLowerCase())
      if (!wallet) throw new Error('wallet disconnected')
      await sendBridge(foyer, params.request, wallet, quote)
      if (live.current) foyer.modal.replace('funding/status', { status: 'success', provider: t('fundingExternal.label') })
    } catch (error) {
      if (live.current) toSelect(failureText(error))
    }
  }

  return (
    <ScreenLayout
      title={t('fundingExternal.bridge.title')}
      subtitle={busy ? t('fundingExternal.confirm', { wallet: params.address }) : t('fundingExternal.bridge.subtitle')}
      footer={
        <Button variant="link" disabled={busy} onClick={() => toSelect()} data-testid="foyer-external-bridge-back">
          {t('fundingExternal.bridge.back')}
        </Button>
      }
    >
      {busy ? (
        <Spinner />
      ) : (
        params.quotes.map((q) => {
          const chain = chains.find((c) => c.id === q.originChainId)
          const token = params.request.erc20ContractInfo
          // What the user pays there: SOL, the token (USDC), or the native currency with the fee.
          const cost = isSolanaQuote(q)
            ? `${formatUnits(q.amountIn, 9)} SOL`
            : params.request.erc20Address
              ? `${formatUnits(q.amountIn ?? 0n, token?.decimals ?? 18)} ${token?.symbol ?? ''}`
              : `${formatUnits(q.transaction.value, chain?.nativeCurrency.decimals ?? 18)} ${chain?.nativeCurrency.symbol ?? 'ETH'}`
          return (
            <Button key={q.originChainId} variant="option" onClick={() => void choose(q.originChainId)} data-testid={`foyer-external-bridge-${q.originChainId}`}>
              {q.originChainId === RELAY_SOLANA_CHAIN_ID ? 'Solana' : (chain?.name ?? `Chain ${q.originChainId}`)}
              <span className="foyer-subtitle"> {cost}</span>
            </Button>
          )
        })
      )}
    </ScreenLayout>
  )
}
