import { Button, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { RECOVERY_SCREENS } from '../../embedded-wallet/index.js'

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
        <Button variant="primary" onClick={() => foyer.modal.push(RECOVERY_SCREENS.setPassword, { address: params.address, recoveryMethod: 'user-passcode' })}>
          {t('recoveryPassword.addPassword')}
        </Button>
      }
    />
  )
}
