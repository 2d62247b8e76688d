import { useEffect, useState } from 'react'
import type { AccountTransferScreenParams } from '../../core/client/errorScreen.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from '../primitives/Button.js'
import { ErrorText } from '../primitives/ErrorText.js'
import { ErrorIcon } from '../primitives/icons.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'
import { useAccountTransfer } from './useAccountTransfer.js'

/** How long 'Copied' shows after a copy (§9 copy confirmation). */
export const COPY_CONFIRMATION_MS = 1500

/**
 * 'Check assets before transfer' (§2): the other user's embedded wallet goes with it, so the screen says so,
 * points to logging back in or a block explorer, lets the user copy the address, and then transfers.
 */
export default function AccountTransferAssetsScreen({ params }: { params: AccountTransferScreenParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const { data } = params
  const address = data.embedded_wallet_address ?? ''
  const { status, error, transfer } = useAccountTransfer(data)
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = () => {
    // The confirmation shows even where the clipboard is refused: the address is on screen to select.
    void Promise.resolve(navigator.clipboard?.writeText(address)).catch(() => {})
    setCopied(true)
  }

  return (
    <ScreenLayout
      icon={<ErrorIcon />}
      title={t('accountTransfer.assets.title')}
      subtitle={t('accountTransfer.assets.body')}
      body={
        <>
          <p className="foyer-subtitle">{t('accountTransfer.assets.hint')}</p>
          <div className="foyer-field">
            <span className="foyer-subtitle">{t('accountTransfer.assets.addressLabel')}</span>
            <code data-testid="foyer-transfer-wallet-address" style={{ wordBreak: 'break-all', userSelect: 'all' }}>
              {address}
            </code>
          </div>
          <Button variant="secondary" onClick={copy} aria-live="polite">
            {t(copied ? 'accountTransfer.assets.copied' : 'accountTransfer.assets.copy')}
          </Button>
          <ErrorText>{error}</ErrorText>
        </>
      }
      footer={
        <>
          <Button variant="primary" loading={status === 'transferring'} disabled={status === 'done'} onClick={() => void transfer()}>
            {t(status === 'done' ? 'accountTransfer.success' : 'accountTransfer.transfer')}
          </Button>
          <Button variant="secondary" disabled={status !== 'idle'} onClick={() => foyer.modal.close()}>
            {t('accountTransfer.decline')}
          </Button>
        </>
      }
    />
  )
}
