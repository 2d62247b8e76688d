import type { ConnectorSource, WalletConnector } from './types.js'

/**
 * One connector source made of several (a plugin with wallets on two chains): each one's latest list, in the given
 * order, published as one list whenever any of them changes.
 */
export function mergeConnectorSources(...sources: ConnectorSource[]): ConnectorSource {
  return {
    discover(update) {
      const lists: Array<readonly WalletConnector[]> = sources.map(() => [])
      const stops = sources.map((source, index) =>
        source.discover((connectors) => {
          lists[index] = connectors
          update(lists.flat())
        }),
      )
      return () => {
        for (const stop of stops) stop()
      }
    },
  }
}
