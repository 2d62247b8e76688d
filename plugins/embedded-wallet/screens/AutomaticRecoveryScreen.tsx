import { useState } from 'react'
import { Button, ErrorText, ScreenLayout, useFoyerKernel, usePluginState, useT } from '../../../ui/index.js'
import { walletAccessToken } from '../custody/createWallet.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { withMfaStepUp } from '../channel/withMfaStepUp.js'

/** The wallet going back to automatic recovery. */
export interface AutomaticRecoveryParams {
  address: string
}

/**
 * 'Automatically secure your account' (spec §2): Confirm has the wallet frame hand the server a share to keep for
 * automatic recovery in place of the user-owned backup (after an MFA verification when the user has MFA); answers the
 * refreshed user. A failure shows 'Something went wrong' with Try again.
 */
export default function AutomaticRecoveryScreen({ params }: { params: AutomaticRecoveryParams }) {
  const foyer = useFoyerKernel()
  const state = usePluginState<EmbeddedWalletState>('embedded-wallet')
  const t = useT()
  const [status, setStatus] = useState<'idle' | 'working' | 'failed'>('idle')
  const confirm = async () => {
    setStatus('working')
    try {
      const accessToken = await walletAccessToken(foyer, 'setting recovery')
      const proxy = await state.proxy()
      await withMfaStepUp(foyer, 'setRecovery', () => proxy.request(frameEvents.setRecovery, { accessToken, address: params.address, recoveryMethod: 'privy' }))
      foyer.modal.resolve(await foyer.session.refreshUser())
    } catch {
      setStatus('failed')
    }
  }
  const failed = status === 'failed'
  return (
    <ScreenLayout
      title={t('embeddedWallet.recovery.automaticTitle')}
      subtitle={t('embeddedWallet.recovery.automaticBody')}
      footer={
        <Button variant="primary" loading={status === 'working'} onClick={() => void confirm()}>
          {t(failed ? 'embeddedWallet.recovery.tryAgain' : 'embeddedWallet.recovery.confirm')}
        </Button>
      }
    >
      {failed ? <ErrorText>{t('embeddedWallet.recovery.somethingWrong')}</ErrorText> : null}
    </ScreenLayout>
  )
}
