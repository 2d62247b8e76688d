import type { WalletConnector } from '../../core/client/wallets/types.js'

/** Options of toSolanaWalletConnectors (Privy's). */
export interface SolanaWalletConnectorsOptions {
  /** Reconnect a previously connected wallet at page load (Foyer's connection history does this for every wallet). */
  shouldAutoConnect?: boolean
}

/** What `externalWallets.solana.connectors` takes (Privy's shape). */
export type SolanaWalletConnectorsConfig = {
  onMount: () => void
  onUnmount: () => void
  /** The connectors: always empty here, Foyer's `solana()` plugin discovers the wallets (see below). */
  get: () => WalletConnector[]
}

/**
 * Privy's `toSolanaWalletConnectors()`: in Foyer, Solana browser wallets come from the `solana()` plugin (wallet-standard
 * discovery), which PrivyProvider adds when `externalWallets.solana.connectors` is set. This answers Privy's shape with
 * no connectors of its own (`get()` is empty; `onMount` / `onUnmount` do nothing).
 */
export function toSolanaWalletConnectors(_options: SolanaWalletConnectorsOptions = {}): SolanaWalletConnectorsConfig {
  return { onMount: () => {}, onUnmount: () => {}, get: () => [] }
}
