import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef, useState } from 'react'
import { uiScreens } from '../../../core/client/screenIds.js'
import type { Foyer, FundingRequest } from '../../../core/client/types.js'
import type { ConnectedWallet, WalletConnector } from '../../../core/client/wallets/types.js'
import { Button, ScreenLayout, Spinner, useFoyerKernel, usePluginState, useT, type ScreenProps } from '../../../ui/index.js'
import { bridgingEnabled, planTransfer, sendBridge, sendDirect } from '../flow.js'
import { failureText, payingWalletTypes, type FundingExternalState } from '../transfer.js'
import type { FundingKit } from '../../funding/index.js'
import { EXTERNAL_WALLET_ICON } from '../externalSlot.js'

/** How many wallets the list shows before 'More wallets'. */
const FIRST_ROWS = 3

const isExternal = (w: { connectorType: unknown }) => !String(w.connectorType).startsWith('embedded')

export const TRANSFER_SCREEN = 'funding-external/transfer'

/**
 * 'More wallets': the kernel's wallet list (Ethereum wallets) on top of this screen. Once a wallet connects there, the
 * stack goes back to this screen, which lists it first (its connect screen's own close is dropped with it).
 */
export function openWalletList(foyer: Foyer, types: ReadonlyArray<'ethereum' | 'solana'> = ['ethereum']): void {
  const stop = () => {
    offConnected()
    offModal()
  }
  const offConnected = foyer.emitter.on('connected', (wallet) => {
    if (!types.includes((wallet as ConnectedWallet).type)) return
    stop()
    // After the connect screen's own handling of the answer (this event comes first).
    queueMicrotask(() => {
      while (foyer.$modal.peek().stack.length > 1 && foyer.$modal.peek().stack.at(-1)?.id !== TRANSFER_SCREEN) foyer.modal.back()
    })
  })
  let opened = false
  const offModal = foyer.$modal.subscribe((modal) => {
    // Closed, or backed out past the list without connecting: stop listening.
    if (!modal.open || (opened && !modal.stack.some((e) => e.id === uiScreens.walletList || e.id === uiScreens.walletConnect))) stop()
  })
  foyer.modal.push(uiScreens.walletList, { walletChainType: types.length > 1 ? 'ethereum-and-solana' : `${types[0] ?? 'ethereum'}-only` })
  opened = true
}

/**
 * Transfer from wallet (§2, §4): the external EVM wallets (connected ones first, then the detected ones; 'More wallets'
 * shows the rest, then the kernel's wallet list: WalletConnect, Coinbase, wallets to install), then for the chosen wallet: the balance check, the transfer (chain switched or added first), the
 * receipt, and the hub's 'You've funded your account!'. Without funds on the target chain, and with bridging on, Relay
 * quotes from the other chains; several → 'Transfer from another network'. Failures go back to the selection.
 *
 * Made with the funding hub's kit: the plugin's entry loads both (screenWith).
 */
export default function transferScreen({ assetSymbol }: FundingKit) {
  return function TransferScreen({ params }: ScreenProps<FundingRequest>) {
    useSignals()
    const foyer = useFoyerKernel()
    const t = useT()
    const state = usePluginState<FundingExternalState>('funding-external')
    const [all, setAll] = useState(false)
    const [busy, setBusy] = useState<string | null>(null)
    const request = useRef(params)
    // The flow's answers navigate only while this screen is shown (the user may have gone back or closed the modal).
    const live = useRef(true)
    useEffect(() => {
      live.current = true
      return () => {
        live.current = false
      }
    }, [])

    // The wallets that can pay: the request's chain's kind, and with bridging the other one (Solana ↔ EVM).
    const types = payingWalletTypes(params, bridgingEnabled(foyer))
    // The wallet chosen before (connectedWalletAddress: the user came back after a failure) comes first.
    const chosen = params.connectedWalletAddress?.toLowerCase()
    const connected = foyer.wallets.$wallets.value
      .filter((w) => types.includes(w.type) && isExternal(w))
      .sort((a, b) => Number(b.address.toLowerCase() === chosen) - Number(a.address.toLowerCase() === chosen))
    const connectedIds = new Set(connected.map((w) => w.meta.id))
    const connectors = foyer.wallets.$connectors.value.filter((c) => types.includes(c.chain) && !c.autoConnect && isExternal(c) && !connectedIds.has(c.id))
    const rows: Array<{ key: string; name: string; icon?: string; wallet?: ConnectedWallet; connector?: WalletConnector; detail?: string }> = [
      ...connected.map((w) => ({ key: `w:${w.address}`, name: w.meta.name, ...(w.meta.icon ? { icon: w.meta.icon } : {}), wallet: w, detail: `${w.address.slice(0, 6)}…${w.address.slice(-4)}` })),
      ...connectors.filter((c) => c.installed).map((c) => ({ key: `c:${c.id}`, name: c.name, ...(c.icon ? { icon: c.icon } : {}), connector: c })),
    ]
    const shown = all ? rows : rows.slice(0, FIRST_ROWS)

    const fail = (error: unknown) => live.current && foyer.modal.replace('funding/select', { ...request.current, errorMessage: failureText(error) })

    const choose = async (row: (typeof rows)[number]) => {
      if (busy) return
      setBusy(t('fundingExternal.checking'))
      try {
        const wallet = row.wallet ?? (await foyer.wallets.connect(row.connector!.id))
        // The request names the paying wallet from here on (the bridge screen, a failure's way back to the selection).
        request.current = { ...request.current, connectedWalletAddress: wallet.address }
        const plan = await planTransfer(foyer, state, request.current, wallet)
        if (!live.current) return
        if (plan.kind === 'bridge' && plan.quotes.length > 1) {
          foyer.modal.replace('funding-external/bridge', { request: request.current, address: wallet.address, quotes: plan.quotes })
          return
        }
        setBusy(t('fundingExternal.confirm', { wallet: wallet.meta.name }))
        if (plan.kind === 'direct') await sendDirect(foyer, request.current, wallet)
        else await sendBridge(foyer, request.current, wallet, plan.quotes[0]!)
        if (live.current) foyer.modal.replace('funding/status', { status: 'success', provider: t('fundingExternal.label') })
      } catch (error) {
        fail(error)
      }
    }

    if (busy) {
      return (
        <ScreenLayout title={t('fundingExternal.title')} subtitle={busy}>
          <div data-testid="foyer-external-busy">
            <Spinner />
          </div>
        </ScreenLayout>
      )
    }
    return (
      <ScreenLayout title={t('fundingExternal.title')} subtitle={t('fundingExternal.subtitle', { amount: params.amount, symbol: assetSymbol(foyer, params) })}>
        <ul aria-label={t('fundingExternal.walletsLabel')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {shown.map((row) => (
            <li key={row.key}>
              <Button variant="option" icon={row.icon ?? EXTERNAL_WALLET_ICON} onClick={() => void choose(row)} data-testid="foyer-external-wallet">
                {row.name}
                {row.detail ? <span className="foyer-subtitle"> {row.detail}</span> : null}
              </Button>
            </li>
          ))}
        </ul>
        {!rows.length ? <p className="foyer-subtitle">{t('fundingExternal.none')}</p> : null}
        <Button
          variant="link"
          onClick={() => (!all && rows.length > FIRST_ROWS ? setAll(true) : openWalletList(foyer, types))}
          data-testid="foyer-external-more"
        >
          {t('fundingExternal.more')}
        </Button>
      </ScreenLayout>
    )
  }
}
