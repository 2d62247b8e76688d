import type { EmbeddedEthereumProvider, RequestArguments } from '../provider/embeddedEthereumProvider.js'
import { EMBEDDED_WALLET_ICON, EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_RDNS } from './embeddedWalletInfo.js'
import { EmbeddedProviderRpcError, providerRpcTexts } from '../../../core/client/wallets/providerRpcError.js'

/** EIP-6963 provider info. */
export interface Eip6963Info {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** The provider the page announces: EIP-1193, and marked as Foyer's so Foyer's own discovery skips it. */
export type AnnouncedProvider = Omit<EmbeddedEthereumProvider, 'destroy'>

/**
 * The page's one EIP-6963 announcement of the embedded wallet. Its provider stands in for the wallet's own: it can be
 * announced before Foyer has restored the session, which a dapp's mount-time reconnect needs (wagmi's runs as
 * WagmiProvider first renders, before any effect has started Foyer), and its requests wait until Foyer says what it
 * serves — the wallet's provider, or nothing (signed out, no wallet: no accounts, 4100 for the rest).
 */
export interface AnnouncedWallet {
  readonly detail: Readonly<{ info: Eip6963Info; provider: AnnouncedProvider }>
  /** Announces now, and answers every `eip6963:requestProvider` until `withdraw()`. */
  announce(): void
  /** Stops answering `eip6963:requestProvider` (EIP-6963 has no withdrawal of an announcement already made). */
  withdraw(): void
  /** Foyer is restoring the session or loading the wallet's provider: requests wait (at most the page's `timeoutMs`). */
  pending(): void
  /** What Foyer serves now: the wallet's provider (kept from then on: it follows the session), or null for nothing. */
  settle(provider: EmbeddedEthereumProvider | null): void
  /** Foyer stopped (its kernel destroyed): not known again until another says (requests wait, at most `timeoutMs`). */
  release(): void
}

/** A UUIDv4 (EIP-6963 asks for one per provider, per page). */
function uuidV4(): string {
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const EVENTS = ['connect', 'accountsChanged', 'chainChanged', 'disconnect', 'message'] as const
const pages = new WeakMap<Window, AnnouncedWallet>()

/**
 * The page's announced wallet, made on first use (one per window, whoever asks first: the plugin factory or its setup,
 * both with the plugin's options). `isMetaMask`: the plugin's `ethereum.isMetaMask` (dapps read it at discovery).
 */
export function announcedWallet(win: Window, options: { timeoutMs?: number; isMetaMask?: boolean } = {}): AnnouncedWallet {
  let page = pages.get(win)
  if (!page) pages.set(win, (page = createAnnouncedWallet(win, options.timeoutMs ?? 10_000, options.isMetaMask === true)))
  return page
}

function createAnnouncedWallet(win: Window, timeoutMs: number, isMetaMask: boolean): AnnouncedWallet {
  const listeners = new Map<string, Set<(...args: any[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }
  const forwarders = Object.fromEntries(EVENTS.map((event) => [event, (...args: unknown[]) => emit(event, ...args)]))
  // undefined: not known yet; null: nothing to serve; else the wallet's provider.
  let target: EmbeddedEthereumProvider | null | undefined
  // Whether it last settled on nothing (dapps were told: no accounts), through a pending() since.
  let none = false
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const resolve of [...waiters]) resolve()
  }
  const known = () =>
    target !== undefined
      ? Promise.resolve(target)
      : new Promise<EmbeddedEthereumProvider | null>((resolve) => {
          const done = () => (clearTimeout(timer), waiters.delete(done), resolve(target ?? null))
          const timer = setTimeout(done, timeoutMs)
          waiters.add(done)
        })

  const provider: AnnouncedProvider = {
    isFoyerWallet: true,
    isMetaMask,
    async request(args: RequestArguments) {
      const wallet = await known()
      if (wallet) return wallet.request(args)
      if (args?.method === 'eth_accounts') return []
      throw new EmbeddedProviderRpcError(4100, providerRpcTexts.notConnectable)
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider as EmbeddedEthereumProvider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider as EmbeddedEthereumProvider
    },
  }
  const detail = Object.freeze({ info: Object.freeze({ uuid: uuidV4(), name: EMBEDDED_WALLET_NAME, icon: EMBEDDED_WALLET_ICON, rdns: EMBEDDED_WALLET_RDNS }), provider })
  const answer = () => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  let answering = false

  return {
    detail,
    announce() {
      if (!answering) win.addEventListener('eip6963:requestProvider', answer)
      answering = true
      answer()
    },
    withdraw() {
      answering = false
      win.removeEventListener('eip6963:requestProvider', answer)
    },
    pending() {
      if (target === null) target = undefined
    },
    release() {
      if (target) for (const event of EVENTS) target.removeListener(event, forwarders[event]!)
      target = undefined
      none = false
    },
    settle(next) {
      if (next === target) return
      const before = target
      const toldNone = none
      if (before) for (const event of EVENTS) before.removeListener(event, forwarders[event]!)
      target = next
      none = next === null
      if (next) for (const event of EVENTS) next.on(event, forwarders[event]!)
      wake()
      // A dapp told 'no accounts' hears of the wallet as it would from the wallet's own provider at a login.
      if (next && toldNone)
        void Promise.all([next.request({ method: 'eth_accounts' }), next.request({ method: 'eth_chainId' })]).then(([accounts, chainId]) => {
          if (target !== next || !(accounts as string[]).length) return
          emit('connect', { chainId })
          emit('accountsChanged', accounts)
        }, () => {})
    },
  }
}
