import { useEffect, useRef, useState } from 'react'
import { Button, ErrorText, ScreenLayout, Spinner, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { loginWithPasskey, signupWithPasskey, type PasskeyStep } from '../passkeyCeremonies.js'
import { passkeyErrorText } from './passkeyErrorText.js'

type Action = 'login' | 'signup'

/**
 * 'Awaiting passkey system dialogue': starts the login (or signup) ceremony at once and waits for
 * the browser's passkey dialog; on failure shows the spec's text with 'Try again', and offers the
 * other action (a new visitor creates a passkey here).
 */
export default function PasskeyLoginScreen({ params }: ScreenProps<{ action?: Action } | undefined>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [action, setAction] = useState<Action>(params?.action ?? 'login')
  const [step, setStep] = useState<PasskeyStep | 'error'>('generating-challenge')
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const current = useRef(0)

  useEffect(() => {
    const id = ++current.current
    const alive = () => current.current === id
    // Started on the next tick, so a StrictMode double mount starts one ceremony, not two.
    const timer = setTimeout(() => {
      setStep('generating-challenge')
      setError(null)
      const run = action === 'signup' ? signupWithPasskey : loginWithPasskey
      run(foyer, (s) => alive() && setStep(s)).catch((e: unknown) => {
        if (!alive()) return
        const text = passkeyErrorText(foyer, e)
        setStep('error')
        setError(text)
      })
    }, 0)
    return () => {
      clearTimeout(timer)
      current.current++
    }
  }, [foyer, action, attempt])

  const busy = step !== 'error'
  return (
    <ScreenLayout
      icon={busy ? <Spinner /> : undefined}
      title={t(busy ? 'passkey.waiting.title' : 'passkey.failed.title')}
      subtitle={busy ? t(action === 'signup' ? 'passkey.waiting.signup' : 'passkey.waiting.login') : undefined}
      footer={
        <Button variant="link" onClick={() => setAction(action === 'signup' ? 'login' : 'signup')}>
          {t(action === 'signup' ? 'passkey.switchToLogin' : 'passkey.switchToSignup')}
        </Button>
      }
    >
      <ErrorText>{error}</ErrorText>
      {!busy ? (
        <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
          {t('passkey.retry')}
        </Button>
      ) : null}
    </ScreenLayout>
  )
}
