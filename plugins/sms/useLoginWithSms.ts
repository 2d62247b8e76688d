import { useMemo, useRef, useState } from 'react'
import * as v from 'valibot'
import type { AuthResult } from '../../core/client/types.js'
import { BaseError, FlowError, flowErrorCodes, ValidationError } from '../../core/errors/index.js'
import type { LinkedAccount, RawUser, TokenResponse } from '../../core/protocol/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { loadPhoneRules } from '../../ui/primitives/phoneInputState.js'
import { CodeSchema, PHONE_INPUT_MAX_LENGTH, smsTexts } from './schema.js'

/** Where a headless SMS login is (Privy's OTP states). */
export type SmsLoginStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'

/** `state` of useLoginWithSms. */
export interface SmsLoginState {
  status: SmsLoginStatus
  error: BaseError | null
}

/** Callbacks of useLoginWithSms. */
export interface UseLoginWithSmsParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** What useLoginWithSms returns. */
export interface UseLoginWithSmsReturnType {
  /** `phoneNumber`: international ('+1 202 555 0123'), or national in the app's default country. */
  sendCode: (args: { phoneNumber: string; disableSignup?: boolean }) => Promise<void>
  loginWithCode: (args: { code: string }) => Promise<void>
  state: SmsLoginState
}

/** The phone account with `number` (E.164) in a user's linked accounts. */
export function findPhoneAccount(user: RawUser, number: string): LinkedAccount | null {
  const found = user.linkedAccounts.find((a) => a.type === 'phone' && (a as LinkedAccount).number === number)
  return (found as LinkedAccount | undefined) ?? null
}

const toBaseError = (error: unknown) =>
  error instanceof BaseError ? error : new BaseError('Unknown error occurred.', { code: flowErrorCodes.unknownAuth, cause: error })

/** Headless SMS login for a custom UI (Privy's `useLoginWithSms`). Errors land in `state` and `onError`. */
export function useLoginWithSms(callbacks: UseLoginWithSmsParameters = {}): UseLoginWithSmsReturnType {
  const foyer = useFoyerKernel()
  const [state, setState] = useState<SmsLoginState>({ status: 'initial', error: null })
  const latest = useRef(callbacks)
  latest.current = callbacks
  const flow = useRef<{ phoneNumber: string; disableSignup: boolean } | null>(null)

  const actions = useMemo(() => {
    const fail = (error: unknown) => {
      const e = toBaseError(error)
      setState({ status: 'error', error: e })
      latest.current.onError?.(e.code)
    }
    return {
      async sendCode({ phoneNumber, disableSignup = false }: { phoneNumber: string; disableSignup?: boolean }) {
        const defaultCountry = foyer.$config.peek()?.intl.defaultCountry ?? 'US'
        if (typeof phoneNumber !== 'string' || !phoneNumber.trim()) {
          return fail(new ValidationError(smsTexts.phoneRequired, { phoneNumber: smsTexts.phoneRequired }))
        }
        if (phoneNumber.length > PHONE_INPUT_MAX_LENGTH) return fail(new ValidationError(smsTexts.tooLong, { phoneNumber: smsTexts.tooLong }))
        setState({ status: 'sending-code', error: null })
        try {
          // The number rules (libphonenumber metadata) load on first use, not with the page.
          const rules = await loadPhoneRules()
          const phone = rules.parsePhone(phoneNumber, defaultCountry)
          if (!phone) return fail(new ValidationError(smsTexts.invalidPhone, { phoneNumber: smsTexts.invalidPhone }))
          await foyer.call('sms.init', { phoneNumber: phone.e164, token: null })
          flow.current = { phoneNumber: phone.e164, disableSignup }
          setState({ status: 'awaiting-code-input', error: null })
        } catch (error) {
          fail(error)
        }
      },
      async loginWithCode({ code }: { code: string }) {
        const current = flow.current
        if (!current) return fail(new FlowError('Auth flow must be initialized first', flowErrorCodes.unknownAuth))
        // Checked here first so a typo never costs a request (and a guess).
        const parsed = v.safeParse(CodeSchema, code)
        if (!parsed.success) return fail(new ValidationError(parsed.issues[0].message, { code: parsed.issues[0].message }))
        setState({ status: 'submitting-code', error: null })
        try {
          const mode = current.disableSignup ? 'no-signup' : 'login-or-sign-up'
          const response = await foyer.call<TokenResponse>('sms.authenticate', { phoneNumber: current.phoneNumber, code: parsed.output, mode })
          const result = await foyer.completeAuth(response, {
            loginMethod: 'sms',
            account: findPhoneAccount(response.user, current.phoneNumber),
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
