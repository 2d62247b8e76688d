import { useMemo, useRef } from 'react'
import type { AuthResult } from '../../core/client/types.js'
import { AbortError, FlowError, type BaseError } from '../../core/errors/index.js'
import { useFlowState } from '../../ui/hooks/useFlowState.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { farcasterErrorCodes } from './farcasterErrors.js'
import {
  finishFarcaster,
  initFarcaster,
  pollFarcaster,
  toFarcasterError,
  type FarcasterChannel,
} from './farcasterFlow.js'
import { farcasterTexts } from './schema.js'

/** Where a headless Farcaster login is. */
export type FarcasterLoginStatus = 'initial' | 'generating-uri' | 'awaiting-uri' | 'submitting-token' | 'done' | 'error'

/** `state` of useLoginWithFarcaster; `connectUri` is set while awaiting the Farcaster app. */
export interface FarcasterLoginState {
  status: FarcasterLoginStatus
  connectUri: string | null
  error: BaseError | null
}

/** Callbacks of useLoginWithFarcaster. */
export interface UseLoginWithFarcasterParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** What useLoginWithFarcaster returns. */
export interface UseLoginWithFarcasterReturnType {
  /** Opens a channel; show `connectUri` as a QR code or a link to the Farcaster app. */
  initLoginWithFarcaster: () => Promise<{ connectUri: string }>
  /** Waits (polling every 2 s, 120 s at most) for the Farcaster app, then logs in. Needs init first. */
  loginWithFarcaster: (args?: { disableSignup?: boolean }) => Promise<void>
  /** Stops waiting. */
  cancel: () => void
  state: FarcasterLoginState
}

/** Headless Sign In With Farcaster for a custom UI. Errors reject, and land in `state` and `onError`; `cancel()` resolves. */
export function useLoginWithFarcaster(callbacks: UseLoginWithFarcasterParameters = {}): UseLoginWithFarcasterReturnType {
  const foyer = useFoyerKernel()
  const [state, setState] = useFlowState<FarcasterLoginState>({ status: 'initial', connectUri: null, error: null })
  const latest = useRef(callbacks)
  latest.current = callbacks
  const channel = useRef<FarcasterChannel | null>(null)
  const abort = useRef<AbortController | null>(null)

  const actions = useMemo(() => {
    const fail = (error: unknown): never => {
      const e = toFarcasterError(error)
      setState({ status: 'error', connectUri: null, error: e })
      latest.current.onError?.(e.code)
      throw e
    }
    return {
      async initLoginWithFarcaster() {
        abort.current?.abort()
        channel.current = null
        setState({ status: 'generating-uri', connectUri: null, error: null })
        try {
          channel.current = await initFarcaster(foyer)
          setState({ status: 'awaiting-uri', connectUri: channel.current.connectUri, error: null })
          return { connectUri: channel.current.connectUri }
        } catch (error) {
          return fail(error)
        }
      },
      async loginWithFarcaster({ disableSignup = false }: { disableSignup?: boolean } = {}) {
        const current = channel.current
        if (!current) return fail(new FlowError(farcasterTexts.notInitialised, farcasterErrorCodes.notInitialised))
        const controller = new AbortController()
        abort.current = controller
        try {
          const signIn = await pollFarcaster(foyer, current.channelToken, { signal: controller.signal })
          setState({ status: 'submitting-token', connectUri: null, error: null })
          // A channel serves one login: its nonce is spent either way.
          channel.current = null
          const result = await finishFarcaster(foyer, signIn, { intent: 'login', disableSignup })
          setState({ status: 'done', connectUri: null, error: null })
          latest.current.onComplete?.(result)
        } catch (error) {
          if (error instanceof AbortError) return setState({ status: 'initial', connectUri: null, error: null })
          return fail(error)
        }
      },
      cancel() {
        abort.current?.abort()
        channel.current = null
      },
    }
  }, [foyer])

  return { ...actions, state }
}
