import { MOBILE_WALLETS as directory } from './directory.js'
import { OPEN_SCREEN as openScreen } from './mobileConnectors.js'

// The plugin entry's directory and screen id: the same values, bound here instead of re-exported from directory.ts and
// mobileConnectors.ts. esbuild (--splitting) puts a module in the host's first load when a file the entry reaches
// imports or re-exports it and any chunk uses it, and the lazy connectors use the directory: a module of its own that
// only hosts import keeps the ~50 wallets (8 kB minified) out of every first load, unless the host itself reads them.

/** The known mobile wallet apps: name, icon, universal link and store pages. */
export const MOBILE_WALLETS = directory
/** The interstitial that opens a wallet app ('mobile-wallets/open'). */
export const OPEN_SCREEN = openScreen
