import { Button, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'

/**
 * The embedded wallet's recovery-page screen (its RECOVERY_SCREENS.setPassword): a screen id, not an import, since the
 * wallet brings this plugin along (an import of its entry would be a cycle).
 */
const SET_RECOVERY_SCREEN = 'embedded-wallet/set-recovery-password'

/** The splash's wallet. */
export interface PasswordSplashParams {
  address: string
}

/** The password-update splash (spec §2): 'Secure Your Account' with 'Add password', which opens the password flow. */
export default function PasswordSplashScreen({ params }: { params: PasswordSplashParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  return (
    <ScreenLayout
      title={t('recoveryPassword.splashTitle')}
      subtitle={t('recoveryPassword.splashBody')}
      footer={
        <Button variant="primary" onClick={() => foyer.modal.push(SET_RECOVERY_SCREEN, { address: params.address, recoveryMethod: 'user-passcode' })}>
          {t('recoveryPassword.addPassword')}
        </Button>
      }
    />
  )
}
