import { useEffect } from 'react'
import { Button, ScreenLayout, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { statusText, type FundingStatus } from '../fundingTexts.js'
import { closeFunding, recordFunding } from '../fundWallet.js'

/** Params of `funding/status`. */
export interface FundingStatusParams {
  status: FundingStatus
  /** The provider's display name ('Moonpay'); also the method fundWallet reports when no row was chosen. */
  provider: string
}

const icons: Record<FundingStatus, string> = { success: '✓', processing: '⏳', 'in-progress': '↻' }

/** A funding outcome: funded, a purchase processing, or one to finish at the provider. Close ends fundWallet. */
export default function FundingStatusScreen({ params }: ScreenProps<FundingStatusParams>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const text = statusText(params.status, params.provider)
  useEffect(() => recordFunding(foyer, { status: params.status }), [foyer, params.status])
  return (
    <ScreenLayout
      icon={<span aria-hidden="true" data-status={params.status} style={{ fontSize: 32, color: params.status === 'success' ? '#16a34a' : undefined }}>{icons[params.status]}</span>}
      title={t(text.title, text.vars)}
      subtitle={t(text.body, text.vars)}
      footer={
        <Button variant="primary" onClick={() => closeFunding(foyer, { status: params.status })} data-testid="foyer-funding-close">
          {t('funding.close')}
        </Button>
      }
    />
  )
}
