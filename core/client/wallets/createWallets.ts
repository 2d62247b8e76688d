import { computed, signal } from '@preact/signals-core'
import type { WalletEngine } from './createWalletEngine.js'
import type { ConnectedWallet, ConnectionHistoryEntry, WalletConnector, WalletManager } from './types.js'
import type { WalletCore, WalletDeps } from './walletCore.js'

const HISTORY_KEY = 'foyer:connections'
const HISTORY_LIMIT = 20

export type { SupportedChain } from './supportedChain.js'
export type { WalletDeps } from './walletCore.js'

/** The user's own (auto-connected, e.g. embedded) wallets first, in their source's order; the rest keep theirs. */
function ownWalletsFirst(wallets: readonly ConnectedWallet[], connectors: readonly WalletConnector[]): readonly ConnectedWallet[] {
  const rank = (w: ConnectedWallet) => {
    const index = connectors.findIndex((c) => c.id === w.meta.id && c.autoConnect)
    return index === -1 ? Number.MAX_SAFE_INTEGER : index
  }
  return wallets.some((w) => rank(w) !== Number.MAX_SAFE_INTEGER) ? [...wallets].sort((a, b) => rank(a) - rank(b)) : wallets
}

/**
 * The kernel's wallet manager: discovered connectors, connected wallets, history and events. Its state is here;
 * the engine that discovers, connects and watches loads when the host has a connector plugin (at start) or when a
 * wallet call is made, so a host without wallets doesn't ship it.
 */
export function createWallets(deps: WalletDeps): WalletManager & { start(): Promise<void>; stop(): void } {
  const bySource = signal<ReadonlyArray<readonly WalletConnector[]>>([])
  const $wallets = signal<readonly ConnectedWallet[]>([])
  const history = (): ConnectionHistoryEntry[] => {
    try {
      const parsed = JSON.parse(deps.storage.get(HISTORY_KEY) ?? '[]') as ConnectionHistoryEntry[]
      return Array.isArray(parsed) ? parsed : []
    } catch {
      return []
    }
  }
  const core: WalletCore = {
    deps,
    bySource,
    $connectors: computed(() => bySource.value.flat()),
    $wallets,
    history,
    setWallets(next) {
      const ordered = ownWalletsFirst(next, core.$connectors.peek())
      $wallets.value = ordered
      deps.emitter.emit('walletsUpdated', ordered)
    },
    remember(entry) {
      const rest = history().filter((e) => !(e.address.toLowerCase() === entry.address.toLowerCase() && e.walletClientType === entry.walletClientType))
      deps.storage.set(HISTORY_KEY, JSON.stringify([entry, ...rest].slice(0, HISTORY_LIMIT)))
    },
  }
  let engine: Promise<WalletEngine> | null = null
  let loaded: WalletEngine | null = null
  let stopped = false
  const load = () => (engine ??= import('./createWalletEngine.js').then((m) => (loaded = m.createWalletEngine(core))))

  return {
    $connectors: core.$connectors,
    $wallets,
    history,
    recent: () => history()[0] ?? null,
    // Once loaded (a host with connectors has it before `ready`), calls go straight to the engine, in the same tick.
    connect: (connectorId, options) => (loaded ? loaded.connect(connectorId, options) : load().then((e) => e.connect(connectorId, options))),
    disconnect: (address) => (loaded ? loaded.disconnect(address) : load().then((e) => e.disconnect(address))),
    /** Starts discovery; settles once the engine runs (the kernel's `ready` waits for it). */
    async start() {
      stopped = false
      // The connector plugins' sources are built once, here (they get the kernel).
      const sources = deps.sources()
      if (sources.length === 0) return
      const e = await load()
      if (!stopped) e.start(sources)
    },
    stop() {
      stopped = true
      void engine?.then((e) => e.stop())
    },
  }
}
