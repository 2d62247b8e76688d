import { useEffect, useRef, useState } from 'react'
import type { FundingRequest } from '../../../core/client/types.js'
import { Button, QRCode, ScreenLayout, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { chainName, fromBaseUnits, hasArrived } from '../fundingRequest.js'
import { assetDecimals, assetSymbol, closeFunding, fundingEnvOf, readFundedBalance, recordFunding } from '../fundWallet.js'

/** How often the balance is read (spec §9: 2000 ms). */
export const MANUAL_POLL_MS = 2000

/**
 * Manual transfer: the address (copy), 'Scan QR code', the right-network note, and the balance read every 2 s. When it
 * has grown by the requested amount: a green status and Close (which ends fundWallet with 'success'). uiConfig's
 * `receiveFundsTitle` / `receiveFundsSubtitle` replace the title and subtitle ('' hides the subtitle; the title names
 * the dialog, so an empty one keeps ours).
 */
export default function ManualTransferScreen({ params }: ScreenProps<FundingRequest>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [qr, setQr] = useState(false)
  const [copied, setCopied] = useState(false)
  const [balance, setBalance] = useState<bigint | null>(null)
  const [arrived, setArrived] = useState(false)
  const initial = useRef<bigint | null>(null)
  const symbol = assetSymbol(foyer, params)
  const decimals = assetDecimals(foyer, params)
  const chain = params.chainType === 'solana' ? `Solana ${params.cluster ?? 'mainnet-beta'}` : chainName(fundingEnvOf(foyer), params.chainId!)

  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const current = await readFundedBalance(foyer, params)
        if (!live) return
        initial.current ??= current
        setBalance(current)
        if (hasArrived(initial.current, current, params.amount, decimals)) {
          setArrived(true)
          recordFunding(foyer, { status: 'success', method: 'manual' })
          return
        }
      } catch {
        // A failed read (RPC down) is retried at the next tick.
      }
      if (live) timer = setTimeout(poll, MANUAL_POLL_MS)
    }
    void poll()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [foyer, params, decimals])

  return (
    <ScreenLayout
      title={params.uiConfig?.receiveFundsTitle || t('funding.manual.title')}
      subtitle={params.uiConfig?.receiveFundsSubtitle ?? t('funding.manual.subtitle', { amount: params.amount, symbol })}
      footer={
        arrived ? (
          <Button variant="primary" onClick={() => closeFunding(foyer, { status: 'success', method: 'manual' })} data-testid="foyer-funding-close">
            {t('funding.close')}
          </Button>
        ) : null
      }
    >
      {/* Every line of this screen is centred, like its title and notes (the body's own default is left). */}
      <div data-testid="foyer-funding-address-row" style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', textAlign: 'center' }}>
        <code data-testid="foyer-funding-address" style={{ wordBreak: 'break-all', maxWidth: '100%' }}>{params.address}</code>
        <Button
          variant="link"
          onClick={() => void navigator.clipboard?.writeText(params.address).then(() => setCopied(true), () => undefined)}
          data-testid="foyer-funding-copy"
        >
          {copied ? t('funding.manual.copied') : t('funding.manual.copy')}
        </Button>
      </div>
      <Button variant="link" onClick={() => setQr(!qr)} data-testid="foyer-funding-qr-toggle">
        {qr ? t('funding.manual.hideQr') : t('funding.manual.scan')}
      </Button>
      {qr ? (
        <div data-testid="foyer-funding-qr" style={{ display: 'flex', justifyContent: 'center' }}>
          <QRCode value={params.chainType === 'solana' ? `solana:${params.address}` : `ethereum:${params.address}@${params.chainId}`} label={t('funding.manual.qrLabel')} />
        </div>
      ) : null}
      <p className="foyer-subtitle" data-testid="foyer-funding-network">{t('funding.manual.network', { symbol, chain })}</p>
      {balance !== null ? (
        <p className="foyer-subtitle" data-testid="foyer-funding-balance">{t('funding.manual.balance', { balance: fromBaseUnits(balance, decimals), symbol })}</p>
      ) : null}
      <p
        role="status"
        data-testid="foyer-funding-manual-status"
        data-arrived={arrived ? 'true' : 'false'}
        style={{ margin: 0, textAlign: 'center', color: arrived ? '#16a34a' : undefined, fontWeight: arrived ? 600 : undefined }}
      >
        {arrived ? t('funding.manual.received') : t('funding.manual.waiting')}
      </p>
    </ScreenLayout>
  )
}
