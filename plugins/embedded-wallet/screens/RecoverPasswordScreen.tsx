import { useEffect, useRef } from 'react'
import { ErrorText, ScreenLayout, Spinner, useFoyerKernel, useT } from '../../../ui/index.js'
import { FlowError } from '../../../core/errors/index.js'
import { walletAccessToken } from '../custody/createWallet.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import { frameEvents, USER_PACED_WAIT_MS } from '../../wallet-frame/index.js'
import { useRecoveryFrame } from './useRecoveryFrame.js'
import { recoveryMethodOf } from '../custody/recoveryOptions.js'

/** What 'Enter your password' recovers; `settle` when it was pushed over a screen that waits for it (a sign request). */
export interface RecoverPasswordParams {
  address: string
  /** The wallet's method: 'user-passcode' (default) asks for the password; 'google-drive' / 'icloud' run the cloud recovery in the frame. */
  recoveryMethod?: 'user-passcode' | 'google-drive' | 'icloud'
  settle?: (error?: Error) => void
}

/**
 * Recovering on a new device: the wallet frame's recovery page runs the method's screens (its plugin's frame half:
 * 'Enter your password', which retries a wrong password in place, or a cloud sign-in) and answers once the wallet is
 * recovered. The title is the method's (its slot's `recoverTitle`), else 'Recover your wallet'.
 */
export default function RecoverPasswordScreen({ params }: { params: RecoverPasswordParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const settled = useRef(false)
  const finish = (error?: Error) => {
    if (settled.current) return
    settled.current = true
    if (params.settle) {
      params.settle(error)
      if (!error) foyer.modal.back()
    } else if (error) foyer.modal.reject(error)
    else foyer.modal.resolve()
  }
  const { holder, status } = useRecoveryFrame(async (proxy, isLive) => {
    const accessToken = await walletAccessToken(foyer, 'recovering a wallet')
    try {
      await proxy.request(frameEvents.recover, { accessToken, address: params.address, recoveryMethod: params.recoveryMethod ?? 'user-passcode' }, USER_PACED_WAIT_MS)
    } catch (error) {
      if (isLive()) finish(new FlowError(embeddedWalletErrors.unableToRecover, 'RECOVERY_FAILED', { cause: error }))
      return
    }
    if (isLive()) finish()
  })
  // Pushed over a waiting screen: leaving this one (back, close) ends the wait. Checked a moment after unmounting, so
  // a development remount (StrictMode) doesn't count as leaving.
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      setTimeout(() => {
        if (mounted.current || settled.current || !params.settle) return
        settled.current = true
        params.settle(new FlowError(embeddedWalletErrors.unableToRecover, 'EXITED_RECOVERY_FLOW'))
      }, 0)
    }
  }, [params])
  return (
    <ScreenLayout title={t(recoveryMethodOf(foyer, params.recoveryMethod ?? 'user-passcode')?.recoverTitle ?? 'embeddedWallet.recovery.cloudTitle')}>
      {status === 'loading' ? (
        <div className="foyer-center" aria-live="polite">
          <Spinner /> {t('embeddedWallet.recovery.loading')}
        </div>
      ) : null}
      {status === 'failed' ? <ErrorText>{embeddedWalletErrors.unableToRecover}</ErrorText> : null}
      <div ref={holder} data-testid="foyer-recover-password-frame" hidden={status === 'failed'} />
    </ScreenLayout>
  )
}
