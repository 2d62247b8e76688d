import { useState } from 'react'
import { Button, ErrorText, ScreenLayout, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { mfaMethodsOf } from '../mfaMethods.js'
import { removeMfaMethod } from '../removeMfaMethod.js'

/** The removal confirmation of one method; Remove asks for a verification first (the server's requireMfa, stepped up). */
export default function RemoveMfaScreen({ params }: ScreenProps<{ method: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const slot = mfaMethodsOf(foyer).find((m) => m.method === params.method)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await removeMfaMethod(foyer, params.method)
      foyer.modal.back()
    } catch (e) {
      setError((e as { code?: string }).code === 'MFA_CANCELED' ? t('mfa.error.canceled') : t('mfa.error.enrollment'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <ScreenLayout
      title={slot ? t(slot.removeTitle) : t('mfa.unsupportedMethod')}
      subtitle={t('mfa.remove.subtitle')}
      footer={
        <>
          <Button variant="primary" onClick={remove} loading={busy} disabled={!slot} data-testid="foyer-mfa-remove-confirm">
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
