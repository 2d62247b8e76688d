import { Button, ErrorText, ScreenLayout, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { mfaEnrollErrorText } from '../mfaEnrollErrorText.js'
import { mfaMethodsOf } from '../mfaMethods.js'
import { removeMfaMethod } from '../removeMfaMethod.js'
import { useSteppedUpCall } from '../useSteppedUpCall.js'

/**
 * The removal confirmation of one method; Remove asks for a verification first (the server's requireMfa, stepped up
 * over this screen). Removed, it steps back to the chooser; 'Not now' there brings 'Verification canceled' here.
 */
export default function RemoveMfaScreen({ params }: ScreenProps<{ method: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const slot = mfaMethodsOf(foyer).find((m) => m.method === params.method)
  const [removal, run] = useSteppedUpCall<void>()
  const busy = removal.status === 'pending'
  const error = removal.status === 'failed' ? t(mfaEnrollErrorText(removal.error).text) : null

  const remove = () =>
    run(async () => {
      await removeMfaMethod(foyer, params.method)
      foyer.modal.back()
    })

  return (
    <ScreenLayout
      title={slot ? t(slot.removeTitle) : t('mfa.unsupportedMethod')}
      subtitle={t('mfa.remove.subtitle')}
      footer={
        <>
          <Button variant="primary" onClick={remove} loading={busy} disabled={!slot || busy} data-testid="foyer-mfa-remove-confirm">
            {t('mfa.remove')}
          </Button>
          <Button variant="link" onClick={() => foyer.modal.back()}>
            {t('mfa.remove.cancel')}
          </Button>
        </>
      }
    >
      {error ? <ErrorText>{error}</ErrorText> : <ErrorText />}
    </ScreenLayout>
  )
}
