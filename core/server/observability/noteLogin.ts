import type { Context } from 'hono'

const KEY = 'foyer.loginMethod'

/** Marks the request as a login by `method` (the account type); counted once its answer is a success. */
export function noteLogin(c: Context, method: string): void {
  c.set(KEY, method)
}

/** The login method `noteLogin` marked on the request, if any. */
export function notedLogin(c: Context): string | undefined {
  return c.get(KEY) as string | undefined
}
