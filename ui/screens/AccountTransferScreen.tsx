import type { AccountTransferScreenParams } from '../../core/client/errorScreen.js'
import { uiScreens as failureScreens } from '../../core/client/screenIds.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from '../primitives/Button.js'
import { ErrorText } from '../primitives/ErrorText.js'
import { ErrorIcon } from '../primitives/icons.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'
import { useAccountTransfer } from './useAccountTransfer.js'

/**
 * 'Account transfer prompt' (§2): the account the user tried to link belongs to another user. Transfer moves
 * it here and deletes that user. When the server disclosed the other user's embedded wallet, 'Continue' leads
 * to the asset check first instead (the transfer button waits there), so nobody deletes a funded wallet unwarned.
 */
export default function AccountTransferScreen({ params }: { params: AccountTransferScreenParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const { data } = params
  const { method, status, error, transfer } = useAccountTransfer(data)
  const hasWallet = data.embedded_wallet_address !== null
  return (
    <ScreenLayout
      icon={<ErrorIcon />}
      title={t('accountTransfer.title', { method: method.label })}
      subtitle={t('accountTransfer.body', { handle: data.display_name })}
      body={<ErrorText>{error}</ErrorText>}
      footer={
        <>
          {hasWallet ? (
            <Button variant="primary" onClick={() => foyer.modal.push(failureScreens.accountTransferAssets, { data })}>
              {t('accountTransfer.continue')}
            </Button>
          ) : (
            <Button variant="primary" loading={status === 'transferring'} disabled={status === 'done'} onClick={() => void transfer()}>
              {t(status === 'done' ? 'accountTransfer.success' : 'accountTransfer.transfer')}
            </Button>
          )}
          <Button variant="secondary" disabled={status !== 'idle'} onClick={() => foyer.modal.close()}>
            {t('accountTransfer.decline')}
          </Button>
        </>
      }
    />
  )
}
