import type { ChainType, ConnectionHistoryEntry, WalletConnector } from '../../core/client/wallets/types.js'

/** The wallet chain-type setting (appearance.walletChainType, login options). */
export type WalletChainType = 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'

/**
 * appearance.walletList when the host gives none (Privy's default plus Phantom). Items are the spec's
 * wallet ids or the placeholders 'detected_wallets', 'detected_ethereum_wallets', 'detected_solana_wallets'.
 */
export const DEFAULT_WALLET_LIST: readonly string[] = ['detected_wallets', 'metamask', 'coinbase_wallet', 'rainbow', 'phantom', 'wallet_connect']

/** One row of the wallet list. */
export interface WalletListRow {
  connector: WalletConnector
  /** The last used wallet ('Recent'). */
  recent: boolean
}

export interface WalletListInput {
  connectors: readonly WalletConnector[]
  chainType: WalletChainType
  /** appearance.walletList; null for the default list. */
  walletList: readonly string[] | null
  recent: ConnectionHistoryEntry | null
}

const chainsOf = (type: WalletChainType): ChainType[] =>
  type === 'ethereum-only' ? ['ethereum'] : type === 'solana-only' ? ['solana'] : ['ethereum', 'solana']

/** SDK connectors (always "installed") are named wallets, never "detected" browser wallets. */
const SDK_CONNECTOR_TYPES = new Set(['wallet_connect_v2', 'coinbase_wallet'])
const isDetected = (c: WalletConnector) => c.installed && !SDK_CONNECTOR_TYPES.has(c.connectorType)

const placeholderChains: Record<string, ChainType[]> = {
  detected_wallets: ['ethereum', 'solana'],
  detected_ethereum_wallets: ['ethereum'],
  detected_solana_wallets: ['solana'],
}

/**
 * The wallet list, pure: connectors of the allowed chains; installed wallets always, wallets that are
 * not installed only when walletList names them; ordered by walletList (placeholders place the
 * detected wallets), then detected before the rest; one row per wallet (an installed wallet hides its
 * not-installed placeholder; an injected extension wins over an SDK connector of the same wallet and chain);
 * the last used wallet first and marked recent.
 */
export function walletListModel(input: WalletListInput): WalletListRow[] {
  const chains = chainsOf(input.chainType)
  const list = input.walletList ?? DEFAULT_WALLET_LIST
  const named = new Set(list.filter((item) => !(item in placeholderChains)))

  // The user's own wallets (embedded, `autoConnect`) are connected already: never offered here.
  const allowed = input.connectors.filter((c) => chains.includes(c.chain) && !c.autoConnect)
  const installedTypes = new Set(allowed.filter((c) => c.installed).map((c) => c.walletClientType))
  const seen = new Set<string>()
  const unique: WalletConnector[] = []
  // Installed first so the dedupe keeps them; injected before SDK connectors of the same wallet.
  // A missing Solana wallet beats its EVM twin: it gets the install guide.
  const preference = (c: WalletConnector) => (c.installed ? 0 : 4) + (SDK_CONNECTOR_TYPES.has(c.connectorType) ? 1 : 0) + (!c.installed && c.chain === 'ethereum' ? 2 : 0)
  for (const c of [...allowed].sort((a, b) => preference(a) - preference(b))) {
    if (!c.installed) {
      // A wallet that is not installed shows once (not per chain), and only when walletList names it.
      if (installedTypes.has(c.walletClientType) || !named.has(c.walletClientType) || seen.has(`missing:${c.walletClientType}`)) continue
      seen.add(`missing:${c.walletClientType}`)
    } else if (SDK_CONNECTOR_TYPES.has(c.connectorType) && seen.has(`${c.chain}:${c.walletClientType}`)) {
      continue // the wallet's extension is installed: skip its SDK connector
    }
    if (c.installed) seen.add(`${c.chain}:${c.walletClientType}`)
    unique.push(c)
  }

  const rank = (c: WalletConnector) => {
    const byId = list.indexOf(c.walletClientType)
    if (byId >= 0) return byId
    if (isDetected(c)) {
      const slot = list.findIndex((item) => placeholderChains[item]?.includes(c.chain))
      if (slot >= 0) return slot
    }
    return list.length + (isDetected(c) ? 0 : 1)
  }
  const discovery = new Map(input.connectors.map((c, i) => [c, i]))
  const ordered = [...unique].sort((a, b) => rank(a) - rank(b) || Number(b.installed) - Number(a.installed) || discovery.get(a)! - discovery.get(b)!)

  const r = input.recent
  const recentIndex = r
    ? ordered.findIndex((c) => c.installed && c.walletClientType === r.walletClientType && c.connectorType === r.connectorType)
    : -1
  if (recentIndex < 0) return ordered.map((connector) => ({ connector, recent: false }))
  const [recent] = ordered.splice(recentIndex, 1)
  return [{ connector: recent!, recent: true }, ...ordered.map((connector) => ({ connector, recent: false }))]
}

/** Which chain types a flow may use: the call's option, the host's appearance setting, else both. */
export function resolveWalletChainType(...candidates: Array<WalletChainType | undefined | null>): WalletChainType {
  return candidates.find((c): c is WalletChainType => c === 'ethereum-only' || c === 'solana-only' || c === 'ethereum-and-solana') ?? 'ethereum-and-solana'
}
