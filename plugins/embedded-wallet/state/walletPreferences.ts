import { signal, type ReadonlySignal, type Signal } from '@preact/signals-core'
import type { Foyer } from '../../../core/client/types.js'
import type { AddedChain, WatchedAsset } from '../../wallet-ethereum/index.js'

// The types are the Ethereum face's (the requests that fill them are its): this module keeps them for the user.
export type { WatchedAsset, AddedChain } from '../../wallet-ethereum/index.js'

interface Preferences {
  assets: WatchedAsset[]
  chains: AddedChain[]
}

const EMPTY: Preferences = { assets: [], chains: [] }

// Per kernel: a revision the hooks follow, and the last parse (the chain checks read the chains on every request).
const revisions = new WeakMap<Foyer, Signal<number>>()
const parsed = new WeakMap<Foyer, { raw: string; value: Preferences }>()

const revisionOf = (foyer: Foyer) => {
  let revision = revisions.get(foyer)
  if (!revision) revisions.set(foyer, (revision = signal(0)))
  return revision
}

/**
 * Kept in the kernel's storage (localStorage) per app and user, like MetaMask keeps them per install: which tokens a
 * wallet shows and which networks it knows are display and routing choices of this browser, not account data the
 * server needs (it never reads a chain's RPC), and they carry no secret.
 */
const storageKey = (foyer: Foyer) => {
  const id = foyer.$session.peek().user?.id
  return id ? `foyer:${foyer.appId}:wallet_preferences:${id}` : null
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isAsset = (a: unknown): a is WatchedAsset =>
  isObject(a) && typeof a.wallet === 'string' && typeof a.chainId === 'number' && a.type === 'ERC20' && typeof a.address === 'string' && typeof a.symbol === 'string' && typeof a.decimals === 'number'
const isChain = (c: unknown): c is AddedChain =>
  isObject(c) && typeof c.id === 'number' && typeof c.name === 'string' && isObject(c.nativeCurrency) && isObject(c.rpcUrls) && isObject(c.rpcUrls.default) && Array.isArray(c.rpcUrls.default.http) && typeof c.rpcUrls.default.http[0] === 'string'

function read(foyer: Foyer): Preferences {
  const key = storageKey(foyer)
  const raw = key ? foyer.storage.get(key) : null
  if (!raw) return EMPTY
  const last = parsed.get(foyer)
  if (last?.raw === raw) return last.value
  let value = EMPTY
  try {
    const stored = JSON.parse(raw) as Partial<Record<keyof Preferences, unknown>>
    value = { assets: Array.isArray(stored.assets) ? stored.assets.filter(isAsset) : [], chains: Array.isArray(stored.chains) ? stored.chains.filter(isChain) : [] }
  } catch {
    // A damaged entry reads as none; the next write replaces it.
  }
  parsed.set(foyer, { raw, value })
  return value
}

function write(foyer: Foyer, next: Preferences) {
  const key = storageKey(foyer)
  if (!key) return
  foyer.storage.set(key, JSON.stringify(next))
  revisionOf(foyer).value++
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Changes whenever the signed-in user's watched tokens or added chains change (for hooks). */
export const walletPreferencesRevision = (foyer: Foyer): ReadonlySignal<number> => revisionOf(foyer)

/** The signed-in user's watched tokens, optionally of one wallet and one chain, in the order they were added. */
export function watchedAssetsOf(foyer: Foyer, filter: { wallet?: string; chainId?: number } = {}): WatchedAsset[] {
  return read(foyer).assets.filter((a) => (filter.wallet === undefined || same(a.wallet, filter.wallet)) && (filter.chainId === undefined || a.chainId === filter.chainId))
}

/** Watches a token (again: its details are replaced). */
export function rememberWatchedAsset(foyer: Foyer, asset: WatchedAsset): void {
  const { assets, chains } = read(foyer)
  const others = assets.filter((a) => !(same(a.wallet, asset.wallet) && a.chainId === asset.chainId && same(a.address, asset.address)))
  write(foyer, { assets: [...others, asset], chains })
}

/** The chains the signed-in user added. */
export const addedChainsOf = (foyer: Foyer): readonly AddedChain[] => read(foyer).chains

/** Adds a chain (again: its details are replaced). */
export function rememberAddedChain(foyer: Foyer, chain: AddedChain): void {
  const { assets, chains } = read(foyer)
  write(foyer, { assets, chains: [...chains.filter((c) => c.id !== chain.id), chain] })
}
