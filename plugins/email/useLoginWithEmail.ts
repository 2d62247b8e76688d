import * as v from 'valibot'
import { ValidationError } from '../../core/errors/index.js'
import { useOtpLogin, type OtpLoginMethod, type OtpLoginState, type OtpLoginStatus, type UseOtpLoginParameters, type UseOtpLoginReturnType } from '../../ui/hooks/useOtpLogin.js'
import { emailCalls, findEmailAccount, sendEmailCode } from './emailCalls.js'
import { CodeSchema, emailSchema } from './schema.js'

/** Where a headless e-mail login is (Privy's OTP states). */
export type EmailLoginStatus = OtpLoginStatus

/** `state` of useLoginWithEmail. */
export type EmailLoginState = OtpLoginState

/** Callbacks of useLoginWithEmail. */
export type UseLoginWithEmailParameters = UseOtpLoginParameters

/** What useLoginWithEmail returns. */
export type UseLoginWithEmailReturnType = UseOtpLoginReturnType<{ email: string; disableSignup?: boolean }>

const emailLogin: OtpLoginMethod<{ email: string; disableSignup?: boolean }, string> = {
  loginMethod: 'email',
  check({ email }, foyer) {
    const parsed = v.safeParse(emailSchema({ disablePlusEmails: foyer.$config.peek()?.disablePlusEmails === true }), email)
    if (!parsed.success) throw new ValidationError(parsed.issues[0].message, { email: parsed.issues[0].message })
    return parsed.output
  },
  async sendCode(email, foyer) {
    await sendEmailCode(foyer, email)
    return email
  },
  authenticate: ({ destination, code, mode }, foyer) => emailCalls.authenticate(foyer, { email: destination, code, mode }),
  findAccount: findEmailAccount,
  codeSchema: CodeSchema,
}

/** Headless e-mail login for a custom UI (Privy's `useLoginWithEmail`). Errors land in `state` and `onError`. */
export function useLoginWithEmail(callbacks: UseLoginWithEmailParameters = {}): UseLoginWithEmailReturnType {
  return useOtpLogin(emailLogin, callbacks)
}
