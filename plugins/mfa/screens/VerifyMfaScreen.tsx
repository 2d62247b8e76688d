import { useRef, useState } from 'react'
import type { MfaMethodSlot } from '../../../core/client/types.js'
import { Button, CodeInput, ErrorText, ScreenLayout, Spinner, useFoyerKernel, usePluginState, useT, type CodeInputHandle, type ScreenProps } from '../../../ui/index.js'
import { mfaErrorText, type MfaErrorOutcome } from '../mfaErrorText.js'
import { enrolledMfaMethods } from '../mfaMethods.js'
import { mfaCanceled, type MfaState } from '../mfaState.js'
import type { VerifyMfaParams } from '../promptMfa.js'
import { cancelMfa, initMfa, submitMfa, verifyDirect } from '../verifyMfa.js'

/**
 * 'Verify your identity': the user's enrolled methods; a code method shows 'Enter verification code' (with 'Choose
 * another method' and 'Not now'), a direct one (passkey) verifies at once under its `verifyingTitle` ('Verifying with
 * passkey') — the method runs the whole ceremony itself (in the wallet frame) — offering 'Try again' when it fails.
 * Errors show above the list; max attempts blocks input; a locked method (100 failures in a row) stays blocked with its
 * text while the user's other methods remain open. Success answers the request, and the call that asked retries.
 */
export default function VerifyMfaScreen({ params }: ScreenProps<VerifyMfaParams | undefined>) {
  const foyer = useFoyerKernel()
  const state = usePluginState<MfaState>('mfa')
  const t = useT()
  const methods = enrolledMfaMethods(foyer)
  const [chosen, setChosen] = useState<MfaMethodSlot | null>(null)
  // A direct method (passkey) being verified: its own view ('Verifying with passkey', 'Try again' on failure).
  const [direct, setDirect] = useState<MfaMethodSlot | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<MfaErrorOutcome | null>(null)
  // Methods the server answered mfa_method_locked for: the others are the user's way out.
  const [locked, setLocked] = useState<readonly string[]>([])
  const input = useRef<CodeInputHandle>(null)

  // Pushed over an open flow (the sign screen below) it answers through `settle` and steps back to that flow;
  // otherwise it is a request of its own.
  const answer = (outcome: { error: unknown } | null) => {
    const settle = params?.settle
    if (settle) {
      settle(outcome ? outcome.error : undefined)
      foyer.modal.back()
    } else if (outcome) foyer.modal.reject(outcome.error)
    else foyer.modal.resolve()
  }

  const fail = (e: unknown, method: MfaMethodSlot) => {
    const outcome = mfaErrorText(e)
    setError(outcome)
    if (outcome.methodLocked) setLocked((all) => (all.includes(method.method) ? all : [...all, method.method]))
    if (!outcome.blocked) input.current?.reset()
  }

  const choose = async (method: MfaMethodSlot) => {
    setBusy(true)
    setError(null)
    try {
      if (method.verification === 'code') {
        await initMfa(foyer, method.method)
        setChosen(method)
      } else {
        setDirect(method)
        await verifyDirect(foyer, state, method)
        answer(null)
      }
    } catch (e) {
      fail(e, method)
    } finally {
      setBusy(false)
    }
  }

  const submit = async (code: string) => {
    if (!chosen) return
    setBusy(true)
    try {
      await submitMfa(foyer, state, chosen.method, code)
      answer(null)
    } catch (e) {
      fail(e, chosen)
    } finally {
      setBusy(false)
    }
  }

  const notNow = () => {
    void cancelMfa(foyer, state)
    answer({ error: mfaCanceled(foyer) })
  }

  const errorText = error ? <ErrorText>{t(error.text)}</ErrorText> : null
  const back = () => {
    setChosen(null)
    setDirect(null)
    // A lock's text stays on the list: it says why that method is greyed out.
    setError((shown) => (shown?.methodLocked ? shown : null))
  }

  if (direct) {
    return (
      <ScreenLayout
        title={t(direct.verifyingTitle ?? 'mfa.verifying.title')}
        subtitle={t('mfa.verifying.subtitle')}
        footer={
          <>
            {busy ? null : (
              <Button variant="primary" onClick={() => void choose(direct)} disabled={!!error?.blocked} data-testid="foyer-mfa-try-again">
                {t('mfa.tryAgain')}
              </Button>
            )}
            <Button variant="link" onClick={back} disabled={busy} data-testid="foyer-mfa-choose-another">
              {t('mfa.chooseAnother')}
            </Button>
            <Button variant="link" onClick={notNow} data-testid="foyer-mfa-not-now">
              {t('mfa.notNow')}
            </Button>
          </>
        }
      >
        {busy ? <Spinner /> : null}
        {errorText ?? <ErrorText />}
      </ScreenLayout>
    )
  }

  if (chosen) {
    return (
      <ScreenLayout
        title={t('mfa.code.title')}
        subtitle={t('mfa.code.subtitle')}
        footer={
          <>
            <Button variant="link" onClick={back} data-testid="foyer-mfa-choose-another">
              {t('mfa.chooseAnother')}
            </Button>
            <Button variant="link" onClick={notNow} data-testid="foyer-mfa-not-now">
              {t('mfa.notNow')}
            </Button>
          </>
        }
      >
        <CodeInput ref={input} onComplete={submit} onEdit={() => !error?.blocked && setError(null)} disabled={busy || !!error?.blocked} />
        {errorText ?? <ErrorText />}
      </ScreenLayout>
    )
  }

  return (
    <ScreenLayout
      title={t('mfa.verify.title')}
      subtitle={t('mfa.verify.subtitle')}
      footer={
        <Button variant="link" onClick={notNow} data-testid="foyer-mfa-not-now">
          {t('mfa.notNow')}
        </Button>
      }
    >
      {errorText}
      {methods.length ? (
        methods.map((m) => (
          <Button key={m.method} variant="option" icon={m.icon} onClick={() => void choose(m)} disabled={busy || (!!error?.blocked && !error.methodLocked) || locked.includes(m.method)} data-testid={`foyer-mfa-method-${m.method}`}>
            {t(m.label)}
          </Button>
        ))
      ) : (
        <p className="foyer-subtitle">{t('mfa.none')}</p>
      )}
    </ScreenLayout>
  )
}
