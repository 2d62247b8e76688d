import { ErrorText, ScreenLayout, Spinner, useFoyerKernel, useT } from '../../../ui/index.js'
import { FlowError } from '../../../core/errors/index.js'
import { walletAccessToken } from '../custody/createWallet.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import { frameEvents, USER_PACED_WAIT_MS } from '../../wallet-frame/index.js'
import { useRecoveryFrame } from './useRecoveryFrame.js'
import type { UserOwnedRecoveryMethod } from '../custody/recoveryOptions.js'

/** What the set-password screen works on. */
export interface SetRecoveryPasswordParams {
  address: string
  /** The method to set (default 'user-passcode'). */
  recoveryMethod?: UserOwnedRecoveryMethod
}

/**
 * The password flow (create, save, confirm, 'I understand…', finalize, result), drawn inside the wallet frame's
 * recovery page. Answers the refreshed user once the user closes 'Success'; 'Something went wrong' → Close fails the
 * request with 'Error setting password on foyer wallet'.
 */
export default function SetRecoveryPasswordScreen({ params }: { params: SetRecoveryPasswordParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const { holder, status } = useRecoveryFrame(async (proxy, isLive) => {
    const accessToken = await walletAccessToken(foyer, 'setting recovery')
    try {
      // The method picks the frame's screens: the password flow, or a Google Drive / iCloud backup.
      await proxy.request(frameEvents.setRecovery, { accessToken, address: params.address, recoveryMethod: params.recoveryMethod ?? 'user-passcode' }, USER_PACED_WAIT_MS)
    } catch (error) {
      if (isLive()) foyer.modal.reject(new FlowError(embeddedWalletErrors.settingPasswordFailed, 'SET_RECOVERY_FAILED', { cause: error }))
      return
    }
    const user = await foyer.session.refreshUser()
    if (isLive()) foyer.modal.resolve(user)
  })
  return (
    <ScreenLayout title={t('embeddedWallet.recovery.setTitle')}>
      {status === 'loading' ? (
        <div className="foyer-center" aria-live="polite">
          <Spinner /> {t('embeddedWallet.recovery.loading')}
        </div>
      ) : null}
      {status === 'failed' ? <ErrorText>{embeddedWalletErrors.unableToSetRecovery}</ErrorText> : null}
      <div ref={holder} data-testid="foyer-set-recovery-frame" hidden={status === 'failed'} />
    </ScreenLayout>
  )
}
