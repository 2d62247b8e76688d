import type { Foyer } from '../types.js'
import type { SupportedChain } from './supportedChain.js'

/** The host's chains: the client config's `supportedChains`, with its `defaultChain` first when it isn't listed. */
export function configuredChains(foyer: Pick<Foyer, '$config'>): readonly SupportedChain[] {
  const client = foyer.$config.peek()?.client
  const supported = client?.supportedChains ?? []
  const preferred = client?.defaultChain
  return preferred && !supported.some((c) => c.id === preferred.id) ? [preferred, ...supported] : supported
}
