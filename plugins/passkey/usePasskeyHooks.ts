import { useMemo, useRef } from 'react'
import type { AuthResult, Foyer } from '../../core/client/types.js'
import type { BaseError } from '../../core/errors/index.js'
import { useFlowState } from '../../ui/hooks/useFlowState.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { linkPasskey, loginWithPasskey, signupWithPasskey, type PasskeyStep } from './passkeyCeremonies.js'
import { toPasskeyError } from './passkeyErrors.js'

/** Where a headless passkey flow is (Privy's passkey states). */
export type PasskeyFlowStatus = 'initial' | PasskeyStep | 'done' | 'error'

/** `state` of the passkey hooks. */
export interface PasskeyFlowState {
  status: PasskeyFlowStatus
  error: BaseError | null
}

/** Callbacks of the passkey hooks. */
export interface UsePasskeyParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

type Run = (foyer: Foyer, onStep: (step: PasskeyStep) => void) => Promise<AuthResult>

function usePasskeyFlow(run: Run, callbacks: UsePasskeyParameters) {
  const foyer = useFoyerKernel()
  const [state, setState] = useFlowState<PasskeyFlowState>({ status: 'initial', error: null })
  const latest = useRef(callbacks)
  latest.current = callbacks
  const start = useMemo(
    () => async () => {
      try {
        const result = await run(foyer, (status) => setState({ status, error: null }))
        setState({ status: 'done', error: null })
        latest.current.onComplete?.(result)
      } catch (error) {
        const e = toPasskeyError(error)
        setState({ status: 'error', error: e })
        latest.current.onError?.(e.code)
        throw e
      }
    },
    [foyer, run],
  )
  return { start, state }
}

/** Headless passkey login (Privy's `useLoginWithPasskey`): `loginWithPasskey()` then `state`. */
export function useLoginWithPasskey(callbacks: UsePasskeyParameters = {}) {
  const { start, state } = usePasskeyFlow(loginWithPasskey, callbacks)
  return { loginWithPasskey: start, state }
}

/** Headless passkey signup (Privy's `useSignupWithPasskey`): a new user registers a passkey without a session. */
export function useSignupWithPasskey(callbacks: UsePasskeyParameters = {}) {
  const { start, state } = usePasskeyFlow(signupWithPasskey, callbacks)
  return { signupWithPasskey: start, state }
}

/** Screen id of 'Secure your account with a passkey' (the passkey list with link and unlink). */
export const LINK_PASSKEY_SCREEN = 'passkey/link'

/**
 * Passkey linking for a logged-in user: `openLinkPasskey()` opens the modal on the link screen
 * ('Your passkeys', add, unlink); `linkPasskey()` links one headlessly with `state`.
 */
export function useLinkPasskey(callbacks: UsePasskeyParameters = {}) {
  const foyer = useFoyerKernel()
  const { start, state } = usePasskeyFlow(linkPasskey, callbacks)
  const latest = useRef(callbacks)
  latest.current = callbacks
  const openLinkPasskey = useMemo(
    () => () => {
      if (!foyer.$ready.peek() || foyer.$session.peek().status !== 'authenticated') return
      foyer.modal.open({
        intent: 'link',
        screen: LINK_PASSKEY_SCREEN,
        callbacks: {
          onComplete: (result) => latest.current.onComplete?.(result),
          onError: (code) => latest.current.onError?.(code),
        },
      })
    },
    [foyer],
  )
  return { linkPasskey: start, openLinkPasskey, state }
}
