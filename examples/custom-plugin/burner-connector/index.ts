// A connector written as a third party would: only the package's public subpaths are imported.
import { definePlugin, eip1193Connector, type Eip1193Provider, type WalletConnector } from 'foyer/core'

/** Options of the burner connector. */
export interface BurnerConnectorOptions {
  /** The host's EIP-1193 provider (a dev wallet, an in-app key, a test provider); resolved on first use. */
  getProvider: () => Eip1193Provider | Promise<Eip1193Provider>
  /** Name in the wallet list. Default 'Burner wallet'. */
  name?: string
  /** Inline SVG markup or an image URL. */
  icon?: string
}

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 2c3 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-5 3-7 1 2 2 3 3 3 0-3 0-5 0-7z"/></svg>'

/**
 * A wallet connector over a provider the host supplies: `plugins={[burnerConnector({ getProvider })]}`.
 * The kernel's eip1193Connector does the EIP-1193 work (accounts, chain lookups, 4902 add-chain, signing).
 */
export function burnerConnector(options: BurnerConnectorOptions) {
  return definePlugin({
    id: 'burner-connector',
    kind: 'connector',
    connectors: () => ({
      discover(update: (connectors: WalletConnector[]) => void) {
        let provider: Promise<Eip1193Provider> | null = null
        const connector = eip1193Connector(
          { id: 'burner', connectorType: 'burner', walletClientType: 'burner', name: options.name ?? 'Burner wallet', icon: options.icon ?? icon },
          () => (provider ??= Promise.resolve(options.getProvider())),
        )
        // One wallet, always available: publish it once.
        update([connector])
        return () => {}
      },
    }),
  })
}
