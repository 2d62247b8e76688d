import type { Foyer, LoginOptions } from '../types.js'

/** login's parameters: the host's options for this modal (login methods, `disableSignup`, a prefilled address…). */
export type LoginParameters = LoginOptions

/** Nothing: the outcome reaches the host's callbacks of intent 'login' (useLogin's onComplete / onError). */
export type LoginReturnType = void

/** Never throws: a failed or abandoned login is reported to the callbacks, not to the caller. */
export type LoginErrorType = never

/** Opens the login modal; a no-op before `$ready` (useFoyer's contract: nothing acts before the app config and session restore answer). */
export function login(foyer: Foyer, parameters?: LoginParameters): LoginReturnType {
  if (!foyer.$ready.peek()) return
  foyer.modal.open({ intent: 'login', ...(parameters ? { login: parameters } : {}) })
}
