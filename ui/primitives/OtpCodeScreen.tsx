import { useEffect, useRef, useState, type ReactNode } from 'react'
import { otpErrorOutcome } from '../../core/client/index.js'
import { ApiError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { Button } from './Button.js'
import { CodeInput, type CodeInputHandle } from './CodeInput.js'
import { ScreenLayout } from './ScreenLayout.js'
import { Spinner } from './Spinner.js'

/** Resend is disabled this long after a click (the spec's cooldown). */
export const RESEND_COOLDOWN_MS = 30_000
/** A rejected code stays in the boxes this long before they are cleared. */
export const FAILED_CODE_RESET_MS = 1_400

/** OtpCodeScreen props. */
export interface OtpCodeScreenProps {
  /** Where the code went (e-mail address, phone number); shown in the subtitle. */
  destination: string
  /** Verifies the code; throws on failure. */
  onSubmit: (code: string) => Promise<void>
  /** Sends a new code. A failure shows the error screen. */
  onResend: () => Promise<void>
  title?: string
  subtitle?: ReactNode
  icon?: ReactNode
}

/** The generic code-entry screen (e-mail, SMS, MFA): 6 boxes, auto-submit, resend with cooldown. */
export function OtpCodeScreen({ destination, onSubmit, onResend, title, subtitle, icon }: OtpCodeScreenProps) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The server said the code took its last guess: no code typed now can work, only a new one.
  const [exhausted, setExhausted] = useState(false)
  const [cooldown, setCooldown] = useState(false)
  const input = useRef<CodeInputHandle>(null)
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())

  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach(clearTimeout)
  }, [])
  const later = (fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.current.delete(id)
      fn()
    }, ms)
    timers.current.add(id)
  }

  const submit = async (code: string) => {
    setSubmitting(true)
    setError(null)
    try {
      await onSubmit(code)
      // Success: the kernel moves on (success screen, terms, ...); stay busy until this screen leaves.
    } catch (err) {
      setSubmitting(false)
      const outcome = otpErrorOutcome(err, foyer)
      if ('inline' in outcome) setError(outcome.inline)
      if (err instanceof ApiError && err.code === 'INVALID_CREDENTIALS' && err.data?.attempts_left === 0) setExhausted(true)
      later(() => input.current?.reset(), FAILED_CODE_RESET_MS)
    }
  }

  const resend = async () => {
    setCooldown(true)
    later(() => setCooldown(false), RESEND_COOLDOWN_MS)
    try {
      await onResend()
      // A new code: the old code's error and its exhaustion no longer apply.
      setError(null)
      setExhausted(false)
      input.current?.reset()
    } catch (err) {
      // The spec: a failed send shows the error screen, whose button comes back here.
      foyer.modal.showError(err)
    }
  }

  return (
    <ScreenLayout
      title={title ?? t('otp.title')}
      subtitle={subtitle ?? t('otp.subtitle', { destination })}
      icon={icon}
      footer={
        <>
          <span>{t('otp.didNotGetCode')} </span>
          <Button variant="link" disabled={cooldown} onClick={resend}>
            {cooldown ? t('otp.codeSent') : t('otp.resend')}
          </Button>
        </>
      }
    >
      <CodeInput
        ref={input}
        onComplete={submit}
        onEdit={() => setError(null)}
        disabled={submitting || exhausted}
        error={exhausted ? t('otp.exhausted') : error}
      />
      {/* Below the boxes, on their empty error line (styles.ts): it covers no digit and moves nothing. */}
      <div className="foyer-otp-status" aria-live="polite">
        {submitting ? <Spinner label={t('otp.verifying')} /> : null}
      </div>
    </ScreenLayout>
  )
}
