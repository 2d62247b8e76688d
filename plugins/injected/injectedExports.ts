import { injectedConnectorId as connectorId } from './discoverInjected.js'
import { legacyWalletClientType as legacyType, NAMED_INJECTED_WALLETS as named, walletClientTypeOf as typeOf } from './injectedWallets.js'

// The plugin entry's helpers and wallet list: the same values, bound here instead of re-exported from their modules.
// esbuild (--splitting) puts a module in the host's first load when a file the entry reaches imports or re-exports it
// and any chunk uses it, and the lazy discovery (discoverInjected.ts) uses these: a module of its own that only hosts
// import keeps the discovery and the wallet table out of the first load, unless the host itself uses them.

/** The walletClientType of an announced provider: the spec's id where the rdns maps to one, else the rdns. */
export const walletClientTypeOf = typeOf
/** The legacy `window.ethereum` flags → the spec's ids (for the one provider that didn't announce). */
export const legacyWalletClientType = legacyType
/** Browser-extension wallets of the spec's list, shown as not installed (with their install page) until they announce themselves. */
export const NAMED_INJECTED_WALLETS = named
/** The connector id of an injected wallet (stable between the named placeholder and the installed wallet). */
export const injectedConnectorId = connectorId
