import { Button, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { CheckIcon } from '../../../ui/primitives/icons.js'

/** 'Passkeys updated' after an unlink; 'Done' returns to the passkey list. */
export default function PasskeyUpdatedScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  return (
    <ScreenLayout
      icon={
        <span className="foyer-success">
          <CheckIcon />
        </span>
      }
      title={t('passkey.updated')}
    >
      <Button variant="primary" onClick={() => foyer.modal.back()}>
        {t('passkey.done')}
      </Button>
    </ScreenLayout>
  )
}
