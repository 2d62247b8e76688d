import { useMemo, useRef } from 'react'
import type { AuthResult } from '../../core/client/types.js'
import type { BaseError } from '../../core/errors/index.js'
import { useFlowState } from '../../ui/hooks/useFlowState.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { generateSiwsMessage, submitSiws, toSiwsError, type SiwsMessageOptions, type SiwsStatus } from './siwsFlow.js'

/** `state` of useLoginWithSiws. */
export interface SiwsLoginState {
  status: SiwsStatus
  error: BaseError | null
}

/** Callbacks of useLoginWithSiws. */
export interface UseLoginWithSiwsParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** What useLoginWithSiws returns. */
export interface UseLoginWithSiwsReturnType {
  /** Gets a nonce for `address` and answers the message for the wallet to sign (UTF-8 bytes, `solana:signMessage`). */
  generateSiwsMessage: (args: { address: string } & SiwsMessageOptions) => Promise<string>
  /** Submits the signed message (base58 signature) and logs in. */
  loginWithSiws: (args: { message: string; signature: string; walletClientType?: string; connectorType?: string; disableSignup?: boolean }) => Promise<void>
  state: SiwsLoginState
}

const addressOf = (message: string) => message.split('\n')[1] ?? ''

/** Headless Sign In With Solana for a custom UI. Errors reject, and land in `state` and `onError`. */
export function useLoginWithSiws(callbacks: UseLoginWithSiwsParameters = {}): UseLoginWithSiwsReturnType {
  const foyer = useFoyerKernel()
  const [state, setState] = useFlowState<SiwsLoginState>({ status: 'initial', error: null })
  const latest = useRef(callbacks)
  latest.current = callbacks

  const actions = useMemo(() => {
    const fail = (error: unknown): never => {
      const e = toSiwsError(error)
      setState({ status: 'error', error: e })
      latest.current.onError?.(e.code)
      throw e
    }
    return {
      async generateSiwsMessage({ address, ...options }: { address: string } & SiwsMessageOptions) {
        setState({ status: 'generating-message', error: null })
        try {
          const message = await generateSiwsMessage(foyer, address, options)
          // The caller now asks the wallet to sign.
          setState({ status: 'awaiting-signature', error: null })
          return message
        } catch (error) {
          return fail(error)
        }
      },
      async loginWithSiws({ message, signature, walletClientType = 'unknown', connectorType = 'solana_adapter', disableSignup = false }: Parameters<UseLoginWithSiwsReturnType['loginWithSiws']>[0]) {
        setState({ status: 'submitting-signature', error: null })
        try {
          const result = await submitSiws(foyer, { message, signature, walletClientType, connectorType }, { intent: 'login', address: addressOf(message), disableSignup })
          setState({ status: 'done', error: null })
          latest.current.onComplete?.(result)
        } catch (error) {
          return fail(error)
        }
      },
    }
  }, [foyer])

  return { ...actions, state }
}
