import { ErrorText, PhoneInput, ScreenLayout, useFoyerKernel, useT, type PhoneValue } from '../../../ui/index.js'
import type { MfaEnrollmentKit } from '../../mfa/index.js'
import { mfaSmsCalls } from '../mfaSmsCalls.js'
import { enrollErrorText } from './enrollErrorText.js'

/** The code screen the phone entry pushes (back from it returns here). */
export const MFA_SMS_VERIFY_SCREEN = 'mfa-sms/verify'

/**
 * SMS enrollment, step 1 (§4: enroll → verify → success): the phone number (ui's PhoneInput); its code is texted and
 * 'Enter enrollment code' opens. Adding a method when one exists asks for a verification first (the step-up
 * middleware, over this screen: its outcome, 'Verification canceled' included, shows here when it comes back).
 *
 * Made with the MFA hub's enrollment kit: the plugin's entry loads both (screenWith).
 */
export default function enrollSmsScreen({ useSteppedUpCall, mfaEnrollErrorText }: MfaEnrollmentKit) {
  return function EnrollSmsScreen() {
    const foyer = useFoyerKernel()
    const t = useT()
    const [sending, run] = useSteppedUpCall<void>()
    const error = sending.status === 'failed' ? enrollErrorText(sending.error, mfaEnrollErrorText).text : null

    const submit = (phone: PhoneValue) =>
      run(async () => {
        await mfaSmsCalls.init(foyer, { action: 'enroll', phoneNumber: phone.e164 })
        foyer.modal.push(MFA_SMS_VERIFY_SCREEN, { phoneNumber: phone.e164 })
      })

    return (
      <ScreenLayout title={t('mfaSms.enroll.title')} subtitle={t('mfaSms.enroll.subtitle')}>
        <PhoneInput onSubmit={submit} submitting={sending.status === 'pending'} autoFocus submitLabel={t('mfaSms.submit')} />
        {error ? <ErrorText>{t(error)}</ErrorText> : null}
      </ScreenLayout>
    )
  }
}
