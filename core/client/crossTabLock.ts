/**
 * Runs `fn` while holding a lock shared by every tab of this origin (Web Locks API), so only one
 * tab rotates the refresh token at a time. Without Web Locks it runs `fn` directly; the server's
 * grace window for the immediately previous token keeps racing tabs signed in.
 */
export async function withCrossTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (!locks?.request) return fn()
  return locks.request(name, { mode: 'exclusive' }, fn) as Promise<T>
}
