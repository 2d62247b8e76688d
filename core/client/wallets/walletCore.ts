import type { ReadonlySignal, Signal } from '@preact/signals-core'
import type { Emitter, FoyerStorage } from '../types.js'
import type { SupportedChain } from './supportedChain.js'
import type { ConnectedWallet, ConnectionHistoryEntry, ConnectorSource, WalletConnector } from './types.js'

/** What the wallet manager is built from: connector sources, storage, events and the host's chains. */
export interface WalletDeps {
  /** The connector plugins' sources, built when the kernel starts (they get the kernel). */
  sources: () => ConnectorSource[]
  storage: FoyerStorage
  emitter: Emitter
  /** The host's supported chains and default chain (client config), read at connect time. */
  chains: () => { supported: readonly SupportedChain[]; default: SupportedChain | null }
  /** Test seam for the lookup retry delay (spec: 500 ms). */
  lookupDelayMs?: number
  /** The plugins' actions (`fundWallet` of the funding hub, for `ConnectedWallet.fund`). */
  actions?: () => Readonly<Record<string, (...args: any[]) => unknown>>
}

/** The manager's state, shared with its lazily loaded engine (createWalletEngine). */
export interface WalletCore {
  deps: WalletDeps
  bySource: Signal<ReadonlyArray<readonly WalletConnector[]>>
  $connectors: ReadonlySignal<readonly WalletConnector[]>
  $wallets: Signal<readonly ConnectedWallet[]>
  setWallets(next: readonly ConnectedWallet[]): void
  history(): ConnectionHistoryEntry[]
  remember(entry: ConnectionHistoryEntry): void
}
