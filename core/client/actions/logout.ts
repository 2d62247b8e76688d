import type { Foyer } from '../types.js'

/** None today: an object so options can join without a breaking change. */
export type LogoutParameters = Record<string, never>

/** true once the session is cleared; false before `$ready` (nothing done, so useLogout's onSuccess doesn't fire). */
export type LogoutReturnType = boolean

/** Never rejects: the server's logout is best effort and local state is always cleared. */
export type LogoutErrorType = never

/** Logs out: ends the server session when possible and always clears the local one; a no-op before `$ready`. */
export async function logout(foyer: Foyer, _parameters: LogoutParameters = {}): Promise<LogoutReturnType> {
  // useFoyer's contract: nothing acts before `ready` (the session restore may still be answering).
  if (!foyer.$ready.peek()) return false
  await foyer.session.logout()
  return true
}
