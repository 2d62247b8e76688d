import { useEffect, useRef, useState } from 'react'
import { FlowError } from '../../../core/errors/index.js'
import { Button, ErrorText, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { DELEGATION_AUTO_CLOSE_MS } from '../delegationTexts.js'

/** What the consent and revoke screens get: the wallet, and where they note that the work is done. */
export interface DelegationPromptParams {
  address: string
  /** Set once the action succeeded: closing the modal afterwards resolves instead of declining. */
  outcome: { done: boolean }
}

/** One prompt's texts (i18n keys) and work. */
export interface DelegationPromptProps {
  params: DelegationPromptParams
  keys: { title: string; body: string; note?: string; decline: string; confirm: string; working: string; success: string; failure: string }
  /** The declining error (the spec's text, §8). */
  declined: { text: string; code: string }
  /** The action Accept / Confirm runs. */
  run: () => Promise<void>
  testId: string
}

/**
 * The delegation prompts (§2, §4): the question with its two buttons, then the working, success or failure state; the
 * modal closes by itself DELEGATION_AUTO_CLOSE_MS after the outcome (success resolves, failure rejects with the error).
 */
export function DelegationPrompt({ params, keys, declined, run, testId }: DelegationPromptProps) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [status, setStatus] = useState<'idle' | 'working' | 'success' | 'failed'>('idle')
  const [message, setMessage] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const appName = foyer.$config.peek()?.server.name ?? 'This app'
  const short = `${params.address.slice(0, 4)}…${params.address.slice(-4)}`

  const confirm = async () => {
    setStatus('working')
    try {
      await run()
      params.outcome.done = true
      setStatus('success')
      timer.current = setTimeout(() => foyer.modal.resolve(undefined), DELEGATION_AUTO_CLOSE_MS)
    } catch (error) {
      setStatus('failed')
      setMessage(error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : null)
      timer.current = setTimeout(() => foyer.modal.reject(error), DELEGATION_AUTO_CLOSE_MS)
    }
  }
  const decline = () => foyer.modal.reject(new FlowError(declined.text, declined.code))

  if (status === 'success' || status === 'failed') {
    return (
      <ScreenLayout title={t(status === 'success' ? keys.success : keys.failure)} subtitle={t('delegatedActions.closing')}>
        <div data-testid={`${testId}-${status}`}>{status === 'failed' && message ? <ErrorText>{message}</ErrorText> : null}</div>
      </ScreenLayout>
    )
  }
  return (
    <ScreenLayout
      title={t(keys.title)}
      subtitle={t(keys.body, { appName, address: short })}
      footer={
        <>
          <Button variant="primary" onClick={() => void confirm()} loading={status === 'working'} disabled={status !== 'idle'} data-testid={`${testId}-confirm`}>
            {status === 'working' ? t(keys.working) : t(keys.confirm)}
          </Button>
          <Button variant="link" onClick={decline} disabled={status !== 'idle'} data-testid={`${testId}-decline`}>
            {t(keys.decline)}
          </Button>
        </>
      }
    >
      {keys.note ? <p className="foyer-subtitle">{t(keys.note)}</p> : null}
    </ScreenLayout>
  )
}
