import { useMemo, useRef } from 'react'
import type { AuthResult, Intent } from '../../core/client/types.js'
import type { BaseError } from '../../core/errors/index.js'
import { useFlowState } from '../../ui/hooks/useFlowState.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { generateSiweMessage, submitSiwe, toSiweError } from './siweFlow.js'
import { WALLET_LIST_SCREEN } from './walletListScreen.js'

/** Where a headless wallet sign-in is (the spec's states). */
export type SiweLoginStatus = 'initial' | 'generating-message' | 'awaiting-signature' | 'submitting-signature' | 'done' | 'error'

/** `state` of useLoginWithSiwe / useLinkWithSiwe. */
export interface SiweLoginState {
  status: SiweLoginStatus
  error: BaseError | null
}

/** Callbacks of the SIWE hooks. */
export interface UseSiweParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** What the signed message goes with (Privy's optional wallet metadata). */
export interface SiweSignedInput {
  message: string
  signature: string
  walletClientType?: string
  connectorType?: string
  disableSignup?: boolean
}

function useSiwe(intent: Intent, callbacks: UseSiweParameters) {
  const foyer = useFoyerKernel()
  const [state, setState] = useFlowState<SiweLoginState>({ status: 'initial', error: null })
  const latest = useRef(callbacks)
  latest.current = callbacks
  const chain = useRef<string | number | undefined>(undefined)

  const actions = useMemo(() => {
    const fail = (error: unknown) => {
      const e = toSiweError(error)
      setState({ status: 'error', error: e })
      latest.current.onError?.(e.code)
    }
    return {
      async generateSiweMessage({ address, chainId }: { address: string; chainId: string | number }): Promise<string> {
        setState({ status: 'generating-message', error: null })
        try {
          const message = await generateSiweMessage(foyer, { address, chainId })
          chain.current = chainId
          // The app now asks the wallet to sign.
          setState({ status: 'awaiting-signature', error: null })
          return message
        } catch (error) {
          fail(error)
          throw toSiweError(error)
        }
      },
      async submit(input: SiweSignedInput): Promise<AuthResult> {
        setState({ status: 'submitting-signature', error: null })
        try {
          const result = await submitSiwe(foyer, {
            message: input.message,
            signature: input.signature,
            ...(chain.current !== undefined ? { chainId: chain.current } : {}),
            walletClientType: input.walletClientType ?? null,
            connectorType: input.connectorType ?? null,
            intent,
            ...(input.disableSignup !== undefined ? { disableSignup: input.disableSignup } : {}),
          })
          setState({ status: 'done', error: null })
          latest.current.onComplete?.(result)
          return result
        } catch (error) {
          fail(error)
          throw toSiweError(error)
        }
      },
    }
  }, [foyer, intent])
  return { ...actions, state }
}

/** What useLoginWithSiwe returns (Privy's shape). */
export interface UseLoginWithSiweReturnType {
  /** Gets a nonce for `address` and answers the EIP-4361 message to sign (chainId: 'eip155:1' or 1). */
  generateSiweMessage: (args: { address: string; chainId: string | number }) => Promise<string>
  /** Sends the signed message; logs in (or signs up). */
  loginWithSiwe: (input: SiweSignedInput) => Promise<AuthResult>
  state: SiweLoginState
}

/**
 * Headless Sign-In With Ethereum for a custom UI: `generateSiweMessage`, sign it with the wallet,
 * then `loginWithSiwe({ signature, message })`. Errors land in `state`, `onError`, and reject.
 */
export function useLoginWithSiwe(callbacks: UseSiweParameters = {}): UseLoginWithSiweReturnType {
  const siwe = useSiwe('login', callbacks)
  return { generateSiweMessage: siwe.generateSiweMessage, loginWithSiwe: siwe.submit, state: siwe.state }
}

/** What useLinkWithSiwe returns. */
export interface UseLinkWithSiweReturnType {
  generateSiweMessage: (args: { address: string; chainId: string | number }) => Promise<string>
  /** Sends the signed message and links the wallet to the signed-in user. */
  linkWithSiwe: (input: Omit<SiweSignedInput, 'disableSignup'>) => Promise<AuthResult>
  state: SiweLoginState
}

/** Headless wallet linking for a signed-in user (Privy's useLinkWithSiwe). */
export function useLinkWithSiwe(callbacks: UseSiweParameters = {}): UseLinkWithSiweReturnType {
  const siwe = useSiwe('link', callbacks)
  return { generateSiweMessage: siwe.generateSiweMessage, linkWithSiwe: siwe.submit, state: siwe.state }
}

/** Opens the wallet list to link another wallet: `const { linkWallet } = useLinkWallet()`. */
export function useLinkWallet(callbacks: UseSiweParameters = {}): { linkWallet: () => void } {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  return useMemo(
    () => ({
      linkWallet() {
        foyer.modal.open({
          intent: 'link',
          screen: WALLET_LIST_SCREEN,
          callbacks: {
            onComplete: (r) => latest.current.onComplete?.(r),
            onError: (code) => latest.current.onError?.(code),
          },
        })
      },
    }),
    [foyer],
  )
}
