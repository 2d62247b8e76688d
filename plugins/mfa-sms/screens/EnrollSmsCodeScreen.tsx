import { useRef, useState } from 'react'
import { Button, CodeInput, ErrorText, ScreenLayout, useFoyerKernel, useT, type CodeInputHandle, type ScreenProps } from '../../../ui/index.js'
import type { MfaEnrollmentKit } from '../../mfa/index.js'
import { mfaSmsCalls } from '../mfaSmsCalls.js'
import { enrollErrorText } from './enrollErrorText.js'

/**
 * SMS enrollment, steps 2 and 3: 'Enter enrollment code' for the texted number, then 'SMS verification added'. Back
 * (or 'Use another number') returns to the phone entry; Done returns to the method chooser.
 *
 * Made with the MFA hub's enrollment kit: the plugin's entry loads both (screenWith).
 */
export default function enrollSmsCodeScreen({ useEnrolledWindowText, mfaEnrollErrorText, noteMfaVerified }: MfaEnrollmentKit) {
  return function EnrollSmsCodeScreen({ params }: ScreenProps<{ phoneNumber: string }>) {
    const foyer = useFoyerKernel()
    const t = useT()
    const [done, setDone] = useState(false)
    // An i18n key, and whether input stays blocked (max attempts, rate limits).
    const [error, setError] = useState<{ text: string; blocked: boolean } | null>(null)
    const [busy, setBusy] = useState(false)
    const input = useRef<CodeInputHandle>(null)
    const windowText = useEnrolledWindowText()

    const submit = async (mfaCode: string) => {
      setBusy(true)
      setError(null)
      try {
        const at = Date.now()
        foyer.session.setUser(await mfaSmsCalls.enroll(foyer, { phoneNumber: params.phoneNumber, mfaCode }))
        // The right code is a verification of this session (the server records it): no prompt until the window ends.
        noteMfaVerified(foyer, at)
        setDone(true)
      } catch (e) {
        const outcome = enrollErrorText(e, mfaEnrollErrorText)
        setError(outcome)
        if (!outcome.blocked) input.current?.reset()
      } finally {
        setBusy(false)
      }
    }

    if (done) {
      return (
        <ScreenLayout
          title={t('mfaSms.success.title')}
          subtitle={windowText}
          footer={
            <Button
              variant="primary"
              onClick={() => {
                // Past the phone entry, back to the chooser.
                foyer.modal.back()
                foyer.modal.back()
              }}
              data-testid="foyer-mfa-done"
            >
              {t('mfa.done')}
            </Button>
          }
        />
      )
    }
    return (
      <ScreenLayout
        title={t('mfaSms.verify.title')}
        subtitle={t('mfaSms.verify.subtitle', { number: `*${params.phoneNumber.slice(-4)}` })}
        footer={
          <Button variant="link" onClick={() => foyer.modal.back()} data-testid="foyer-mfa-sms-change-number">
            {t('mfaSms.changeNumber')}
          </Button>
        }
      >
        <CodeInput ref={input} onComplete={submit} onEdit={() => !error?.blocked && setError(null)} disabled={busy || !!error?.blocked} />
        {error ? <ErrorText>{t(error.text)}</ErrorText> : <ErrorText />}
      </ScreenLayout>
    )
  }
}
