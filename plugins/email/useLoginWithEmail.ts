import { useMemo, useRef, useState } from 'react'
import * as v from 'valibot'
import type { AuthResult } from '../../core/client/types.js'
import { BaseError, FlowError, flowErrorCodes, ValidationError } from '../../core/errors/index.js'
import type { LinkedAccount, RawUser, TokenResponse } from '../../core/protocol/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { CodeSchema, emailSchema } from './schema.js'

/** Where a headless e-mail login is (Privy's OTP states). */
export type EmailLoginStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'

/** `state` of useLoginWithEmail. */
export interface EmailLoginState {
  status: EmailLoginStatus
  error: BaseError | null
}

/** Callbacks of useLoginWithEmail. */
export interface UseLoginWithEmailParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** What useLoginWithEmail returns. */
export interface UseLoginWithEmailReturnType {
  sendCode: (args: { email: string; disableSignup?: boolean }) => Promise<void>
  loginWithCode: (args: { code: string }) => Promise<void>
  state: EmailLoginState
}

/** The e-mail account with `address` in a user's linked accounts. */
export function findEmailAccount(user: RawUser, address: string): LinkedAccount | null {
  const found = user.linkedAccounts.find((a) => a.type === 'email' && (a as LinkedAccount).address === address)
  return (found as LinkedAccount | undefined) ?? null
}

const toBaseError = (error: unknown) =>
  error instanceof BaseError ? error : new BaseError('Unknown error occurred.', { code: flowErrorCodes.unknownAuth, cause: error })

/** Headless e-mail login for a custom UI (Privy's `useLoginWithEmail`). Errors land in `state` and `onError`. */
export function useLoginWithEmail(callbacks: UseLoginWithEmailParameters = {}): UseLoginWithEmailReturnType {
  const foyer = useFoyerKernel()
  const [state, setState] = useState<EmailLoginState>({ status: 'initial', error: null })
  const latest = useRef(callbacks)
  latest.current = callbacks
  const flow = useRef<{ email: string; disableSignup: boolean } | null>(null)

  const actions = useMemo(() => {
    const fail = (error: unknown) => {
      const e = toBaseError(error)
      setState({ status: 'error', error: e })
      latest.current.onError?.(e.code)
    }
    return {
      async sendCode({ email, disableSignup = false }: { email: string; disableSignup?: boolean }) {
        const parsed = v.safeParse(emailSchema({ disablePlusEmails: foyer.$config.peek()?.disablePlusEmails === true }), email)
        if (!parsed.success) return fail(new ValidationError(parsed.issues[0].message, { email: parsed.issues[0].message }))
        setState({ status: 'sending-code', error: null })
        try {
          await foyer.call('email.init', { email: parsed.output, token: null })
          flow.current = { email: parsed.output, disableSignup }
          setState({ status: 'awaiting-code-input', error: null })
        } catch (error) {
          fail(error)
        }
      },
      async loginWithCode({ code }: { code: string }) {
        const current = flow.current
        if (!current) return fail(new FlowError('Auth flow must be initialized first', flowErrorCodes.unknownAuth))
        // Checked here first so a typo never costs a request (and a rate-limit slot).
        const parsed = v.safeParse(CodeSchema, code)
        if (!parsed.success) return fail(new ValidationError(parsed.issues[0].message, { code: parsed.issues[0].message }))
        setState({ status: 'submitting-code', error: null })
        try {
          const mode = current.disableSignup ? 'no-signup' : 'login-or-sign-up'
          const response = await foyer.call<TokenResponse>('email.authenticate', { email: current.email, code: parsed.output, mode })
          const result = await foyer.completeAuth(response, {
            loginMethod: 'email',
            account: findEmailAccount(response.user, current.email),
            intent: 'login',
          })
          flow.current = null
          setState({ status: 'done', error: null })
          latest.current.onComplete?.(result)
        } catch (error) {
          fail(error)
        }
      },
    }
  }, [foyer])

  return { ...actions, state }
}
