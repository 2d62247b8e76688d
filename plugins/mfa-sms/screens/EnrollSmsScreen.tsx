import { useState } from 'react'
import { ErrorText, PhoneInput, ScreenLayout, useFoyerKernel, useT, type PhoneValue } from '../../../ui/index.js'
import { mfaSmsCalls } from '../mfaSmsCalls.js'
import { enrollErrorText } from './enrollErrorText.js'

/** The code screen the phone entry pushes (back from it returns here). */
export const MFA_SMS_VERIFY_SCREEN = 'mfa-sms/verify'

/**
 * SMS enrollment, step 1 (§4: enroll → verify → success): the phone number (ui's PhoneInput); its code is texted and
 * 'Enter enrollment code' opens. Adding a method when one exists asks for a verification first (the step-up middleware).
 */
export default function EnrollSmsScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (phone: PhoneValue) => {
    setSubmitting(true)
    setError(null)
    try {
      await mfaSmsCalls.init(foyer, { action: 'enroll', phoneNumber: phone.e164 })
      foyer.modal.push(MFA_SMS_VERIFY_SCREEN, { phoneNumber: phone.e164 })
    } catch (e) {
      setError(enrollErrorText(e))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <ScreenLayout title={t('mfaSms.enroll.title')} subtitle={t('mfaSms.enroll.subtitle')}>
      <PhoneInput onSubmit={submit} submitting={submitting} autoFocus submitLabel={t('mfaSms.submit')} />
      {error ? <ErrorText>{t(error)}</ErrorText> : null}
    </ScreenLayout>
  )
}
