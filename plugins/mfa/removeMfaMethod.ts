import { ValidationError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import type { User } from '../../core/protocol/index.js'
import { mfaMethodsOf } from './mfaMethods.js'

/** Removes an enrolled method (its plugin's unenroll call; the step-up middleware asks for a verification first). */
export async function removeMfaMethod(foyer: Foyer, method: string): Promise<User> {
  if (foyer.$session.peek().status !== 'authenticated') throw new ValidationError(foyer.t('mfa.remove.noToken'))
  const slot = mfaMethodsOf(foyer).find((m) => m.method === method)
  if (!slot) throw new ValidationError(foyer.t('mfa.unsupportedMethod'))
  foyer.session.setUser(await slot.remove(foyer))
  return foyer.$session.peek().user!
}
