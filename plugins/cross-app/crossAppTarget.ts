import type { Foyer } from '../../core/client/types.js'
import { crossAppError } from './crossAppErrors.js'
import { crossAppState } from './crossAppState.js'

/** The provider and token a request goes to, checked before the popup opens (synchronous: the click's task). */
export interface CrossAppTarget {
  providerAppId: string
  token: string
}

/** The cross_app account holding `address`, its provider token, and read-only refused for writes (§4, §8). */
export function crossAppTarget(foyer: Foyer, address: string, write: boolean): CrossAppTarget {
  const user = foyer.$session.peek().user
  const wanted = address.toLowerCase()
  const holds = (list: unknown) => Array.isArray(list) && list.some((w) => typeof w?.address === 'string' && w.address.toLowerCase() === wanted)
  const account = user?.linkedAccounts.find((a) => a.type === 'cross_app' && (holds(a.embeddedWallets) || holds(a.smartWallets)))
  const providerAppId = (account?.providerApp as { id?: string } | undefined)?.id
  if (!account || !providerAppId) throw crossAppError('wrongAddress')
  const token = crossAppState(foyer).token(providerAppId)
  if (!token) throw crossAppError('noToken')
  if (write && token.read_only) throw crossAppError('readOnly')
  return { providerAppId, token: token.token }
}
