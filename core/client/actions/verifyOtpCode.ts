import type { ApiError, BaseError, FlowError, ValidationError } from '../../errors/index.js'
import type { LinkedAccount, Mode, RawUser, TokenResponse } from '../../protocol/index.js'
import type { Foyer } from '../types.js'

/** A code screen's calls, each for the destination (address, number) the code went to. */
export interface OtpCodeCalls {
  /** The login method completeAuth reports. */
  loginMethod: string
  /** Intent 'login' (and none): verifies the code and signs in (or up, by `mode`). */
  authenticate: (code: string, mode: Mode) => Promise<TokenResponse>
  /** Intent 'link': adds the destination to the signed-in user. */
  link: (code: string) => Promise<RawUser>
  /** Intent 'update': puts the destination in place of the user's current one (throws when there is none). */
  update: (code: string) => Promise<RawUser>
  /** The account the code verified, among the user's linked accounts. */
  findAccount: (user: RawUser) => LinkedAccount | null
}

/** verifyOtpCode's parameters: the code screen's plugin calls and the code the user typed. */
export interface VerifyOtpCodeParameters {
  calls: OtpCodeCalls
  code: string
}

/** Resolves once the flow is complete (session set, flow hooks run, host callbacks told). */
export type VerifyOtpCodeReturnType = void

/** The server's refusal (wrong or expired code: ApiError), a bad input, or a flow hook's exit (FlowError). */
export type VerifyOtpCodeErrorType = ApiError | ValidationError | FlowError | BaseError

/**
 * Verifies a code for the modal's intent (login, link or update) and completes the flow; throws on failure. A kernel
 * action (core/client/actions): the code screens of e-mail and SMS call it, so a code goes plugin screen → this →
 * the plugin's typed call → server → completeAuth → `$session`, with no turn through ui.
 */
export async function verifyOtpCode(foyer: Foyer, { calls, code }: VerifyOtpCodeParameters): Promise<VerifyOtpCodeReturnType> {
  const { intent: open, options } = foyer.$modal.peek()
  const intent = open === 'link' ? 'link' : open === 'update' ? 'update' : null
  if (intent) {
    const user = await (intent === 'link' ? calls.link(code) : calls.update(code))
    await foyer.completeAuth({ user }, { loginMethod: calls.loginMethod, account: calls.findAccount(user), intent })
    return
  }
  const mode = options.disableSignup ? 'no-signup' : 'login-or-sign-up'
  const response = await calls.authenticate(code, mode)
  await foyer.completeAuth(response, { loginMethod: calls.loginMethod, account: calls.findAccount(response.user), intent: 'login' })
}
