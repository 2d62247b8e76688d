import { useMemo, useRef } from 'react'
import * as v from 'valibot'
import type { AuthResult, Foyer } from '../../core/client/types.js'
import { BaseError, FlowError, flowErrorCodes, ValidationError } from '../../core/errors/index.js'
import type { LinkedAccount, Mode, RawUser, TokenResponse } from '../../core/protocol/index.js'
import { useFlowState } from './useFlowState.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Where a headless one-time-code login is (Privy's OTP states). */
export type OtpLoginStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'

/** `state` of a headless one-time-code login. */
export interface OtpLoginState {
  status: OtpLoginStatus
  error: BaseError | null
}

/** Callbacks of a headless one-time-code login. */
export interface UseOtpLoginParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** What `sendCode` takes besides the destination: `disableSignup` refuses unknown users. */
export interface OtpSendCodeArgs {
  disableSignup?: boolean
}

/** What a headless one-time-code login returns (Privy-shaped). */
export interface UseOtpLoginReturnType<Args extends OtpSendCodeArgs> {
  sendCode: (args: Args) => Promise<void>
  loginWithCode: (args: { code: string }) => Promise<void>
  state: OtpLoginState
}

/**
 * What differs between one-time-code login methods. Pass a module-level constant: the hook's
 * actions are rebuilt when it changes.
 */
export interface OtpLoginMethod<Args extends OtpSendCodeArgs, Checked> {
  /** The login method completeAuth reports. */
  loginMethod: string
  /** Checks sendCode's arguments before anything is sent; throws (a ValidationError) for bad ones. */
  check: (args: Args, foyer: Foyer) => Checked
  /** Sends the code (status 'sending-code'); resolves the destination it went to. */
  sendCode: (checked: Checked, foyer: Foyer) => Promise<string>
  /** Verifies the code and signs in (or up, by `mode`). */
  authenticate: (input: { destination: string; code: string; mode: Mode }, foyer: Foyer) => Promise<TokenResponse>
  /** The account the code verified, among the user's linked accounts. */
  findAccount: (user: RawUser, destination: string) => LinkedAccount | null
  /** The code's local check, so a typo never costs a request (and a guess). */
  codeSchema: v.GenericSchema<string, string>
}

const toBaseError = (error: unknown) =>
  error instanceof BaseError ? error : new BaseError('Unknown error occurred.', { code: flowErrorCodes.unknownAuth, cause: error })

/** Headless one-time-code login (send a code, then log in with it). Errors reject, and land in `state` and `onError`. */
export function useOtpLogin<Args extends OtpSendCodeArgs, Checked>(
  method: OtpLoginMethod<Args, Checked>,
  callbacks: UseOtpLoginParameters = {},
): UseOtpLoginReturnType<Args> {
  const foyer = useFoyerKernel()
  const [state, setState] = useFlowState<OtpLoginState>({ status: 'initial', error: null })
  const latest = useRef(callbacks)
  latest.current = callbacks
  const flow = useRef<{ destination: string; disableSignup: boolean } | null>(null)

  const actions = useMemo(() => {
    // Privy's hooks reject on failure, so a host's try/catch sees it; `state` and onError say the same.
    const fail = (error: unknown): never => {
      const e = toBaseError(error)
      setState({ status: 'error', error: e })
      latest.current.onError?.(e.code)
      throw e
    }
    return {
      async sendCode(args: Args) {
        let checked: Checked
        try {
          checked = method.check(args, foyer)
        } catch (error) {
          return fail(error)
        }
        setState({ status: 'sending-code', error: null })
        try {
          const destination = await method.sendCode(checked, foyer)
          flow.current = { destination, disableSignup: args.disableSignup ?? false }
          setState({ status: 'awaiting-code-input', error: null })
        } catch (error) {
          return fail(error)
        }
      },
      async loginWithCode({ code }: { code: string }) {
        const current = flow.current
        if (!current) return fail(new FlowError('Auth flow must be initialized first', flowErrorCodes.unknownAuth))
        const parsed = v.safeParse(method.codeSchema, code)
        if (!parsed.success) return fail(new ValidationError(parsed.issues[0].message, { code: parsed.issues[0].message }))
        setState({ status: 'submitting-code', error: null })
        try {
          const mode = current.disableSignup ? 'no-signup' : 'login-or-sign-up'
          const response = await method.authenticate({ destination: current.destination, code: parsed.output, mode }, foyer)
          const result = await foyer.completeAuth(response, {
            loginMethod: method.loginMethod,
            account: method.findAccount(response.user, current.destination),
            intent: 'login',
          })
          flow.current = null
          setState({ status: 'done', error: null })
          latest.current.onComplete?.(result)
        } catch (error) {
          return fail(error)
        }
      },
    }
  }, [foyer, method])

  return { ...actions, state }
}
