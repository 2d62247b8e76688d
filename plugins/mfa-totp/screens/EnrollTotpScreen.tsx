import { useEffect, useRef, useState } from 'react'
import { Button, CodeInput, ErrorText, QRCode, ScreenLayout, Spinner, useFoyerKernel, useT, type CodeInputHandle } from '../../../ui/index.js'
import type { MfaEnrollmentKit, MfaErrorOutcome } from '../../mfa/index.js'
import type { TotpEnrollmentInfo } from '../schema.js'
import { totpCalls } from '../totpCalls.js'

/** §9: the enrollment QR code's size. */
export const TOTP_QR_SIZE = 200

/**
 * Authenticator app enrollment (§4: enroll → verify → success): 'Scan QR code' (the QR of the otpauth URL and the
 * copyable secret), Continue, 'Enter enrollment code', 'Authenticator app verification added'. Failures read 'Unknown
 * error', a wrong code 'The code you entered is not valid'; max attempts block input as on 'Verify your identity'; giving
 * up the verification asked first reads 'Verification canceled'.
 *
 * Made with the MFA hub's enrollment kit: the plugin's entry loads both (screenWith).
 */
export default function enrollTotpScreen({ useSteppedUpCall, useEnrolledWindowText, mfaEnrollErrorText, noteMfaVerified }: MfaEnrollmentKit) {
  return function EnrollTotpScreen() {
    const foyer = useFoyerKernel()
    const t = useT()
    const [step, setStep] = useState<'enroll' | 'verify' | 'success'>('enroll')
    // Adding a method when one exists asks for a verification first (the step-up middleware), over this screen.
    const [started, start] = useSteppedUpCall<TotpEnrollmentInfo>()
    const info = started.status === 'done' ? started.value : null
    // An i18n key (read when drawn), and whether input stays blocked.
    const [error, setError] = useState<MfaErrorOutcome | null>(null)
    const [busy, setBusy] = useState(false)
    const input = useRef<CodeInputHandle>(null)
    const initError = started.status === 'failed' ? mfaEnrollErrorText(started.error) : null
    const windowText = useEnrolledWindowText()

    useEffect(() => {
      start(() => totpCalls.enrollInit(foyer, {}), { once: true })
    }, [foyer, start])

    const submit = async (mfaCode: string) => {
      setBusy(true)
      setError(null)
      try {
        const at = Date.now()
        foyer.session.setUser(await totpCalls.enroll(foyer, { mfaCode }))
        // The right code is a verification of this session (the server records it): no prompt until the window ends.
        noteMfaVerified(foyer, at)
        setStep('success')
      } catch (e) {
        const outcome = mfaEnrollErrorText(e)
        setError(outcome)
        if (!outcome.blocked) input.current?.reset()
      } finally {
        setBusy(false)
      }
    }

    if (step === 'success') {
      return (
        <ScreenLayout
          title={t('mfaTotp.success.title')}
          subtitle={windowText}
          footer={
            <Button variant="primary" onClick={() => foyer.modal.back()} data-testid="foyer-mfa-done">
              {t('mfa.done')}
            </Button>
          }
        />
      )
    }
    if (step === 'verify') {
      return (
        <ScreenLayout title={t('mfaTotp.verify.title')} subtitle={t('mfaTotp.verify.subtitle')}>
          <CodeInput ref={input} onComplete={submit} onEdit={() => !error?.blocked && setError(null)} disabled={busy || !!error?.blocked} />
          {error ? <ErrorText>{t(error.text)}</ErrorText> : <ErrorText />}
        </ScreenLayout>
      )
    }
    return (
      <ScreenLayout
        title={t('mfaTotp.scan.title')}
        subtitle={t('mfaTotp.scan.subtitle')}
        footer={
          <>
            <Button variant="primary" disabled={!info} onClick={() => setStep('verify')} data-testid="foyer-mfa-totp-continue">
              {t('mfaTotp.continue')}
            </Button>
            {initError && !initError.blocked ? (
              <Button variant="link" onClick={() => start(() => totpCalls.enrollInit(foyer, {}))} data-testid="foyer-mfa-totp-retry">
                {t('mfa.tryAgain')}
              </Button>
            ) : null}
          </>
        }
      >
        {info ? (
          <>
            <QRCode value={info.authUrl} label={t('mfaTotp.scan.qrLabel')} size={TOTP_QR_SIZE} />
            <p className="foyer-subtitle">{t('mfaTotp.scan.secretLabel')}</p>
            <code data-testid="foyer-mfa-totp-secret" style={{ userSelect: 'all', wordBreak: 'break-all' }}>
              {info.secret}
            </code>
            <Button variant="link" onClick={() => void navigator.clipboard?.writeText(info.secret).catch(() => undefined)}>
              {t('mfaTotp.copy')}
            </Button>
          </>
        ) : initError ? null : (
          <Spinner />
        )}
        {initError ? <ErrorText>{t(initError.text)}</ErrorText> : null}
      </ScreenLayout>
    )
  }
}
