import { useEffect, useRef, useState } from 'react'
import { Button, CodeInput, ErrorText, QRCode, ScreenLayout, Spinner, useFoyerKernel, useT, type CodeInputHandle } from '../../../ui/index.js'
import type { TotpEnrollmentInfo } from '../schema.js'
import { totpCalls } from '../totpCalls.js'

/** §9: the enrollment QR code's size. */
export const TOTP_QR_SIZE = 200

/**
 * Authenticator app enrollment (§4: enroll → verify → success): 'Scan QR code' (the QR of the otpauth URL and the
 * copyable secret), Continue, 'Enter enrollment code', 'Authenticator app verification added'. Failures read 'Unknown
 * error', a wrong code 'The code you entered is not valid'.
 */
export default function EnrollTotpScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  const [step, setStep] = useState<'enroll' | 'verify' | 'success'>('enroll')
  const [info, setInfo] = useState<TotpEnrollmentInfo | null>(null)
  // An i18n key: the text is read when drawn.
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<CodeInputHandle>(null)

  useEffect(() => {
    let live = true
    // Adding a method when one exists asks for a verification first (the step-up middleware).
    totpCalls.enrollInit(foyer, {}).then(
      (answer) => live && setInfo(answer),
      () => live && setError('mfa.error.enrollment'),
    )
    return () => {
      live = false
    }
  }, [foyer])

  const submit = async (mfaCode: string) => {
    setBusy(true)
    setError(null)
    try {
      foyer.session.setUser(await totpCalls.enroll(foyer, { mfaCode }))
      setStep('success')
    } catch (e) {
      const code = (e as { code?: string }).code
      setError(code === 'INVALID_CREDENTIALS' ? 'mfa.error.invalidCode' : code === 'MFA_VERIFICATION_MAX_ATTEMPTS_REACHED' ? 'mfa.error.maxAttempts' : code === 'MFA_TIMEOUT' ? 'mfa.error.timeout' : 'mfa.error.enrollment')
      input.current?.reset()
    } finally {
      setBusy(false)
    }
  }

  if (step === 'success') {
    return (
      <ScreenLayout
        title={t('mfaTotp.success.title')}
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
        <CodeInput ref={input} onComplete={submit} onEdit={() => setError(null)} disabled={busy} />
        {error ? <ErrorText>{t(error)}</ErrorText> : <ErrorText />}
      </ScreenLayout>
    )
  }
  return (
    <ScreenLayout
      title={t('mfaTotp.scan.title')}
      subtitle={t('mfaTotp.scan.subtitle')}
      footer={
        <Button variant="primary" disabled={!info} onClick={() => setStep('verify')} data-testid="foyer-mfa-totp-continue">
          {t('mfaTotp.continue')}
        </Button>
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
      ) : error ? null : (
        <Spinner />
      )}
      {error ? <ErrorText>{t(error)}</ErrorText> : null}
    </ScreenLayout>
  )
}
