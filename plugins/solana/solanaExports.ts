import { NAMED_SOLANA_WALLETS as namedWallets, SOLANA_MAINNET as mainnet, solanaWalletClientType as clientType } from './solanaWallets.js'

// The plugin entry's wallet constants: the same ones, bound here instead of re-exported from solanaWallets.ts. esbuild
// (--splitting) puts a module in the host's first load when a file the entry reaches imports or re-exports it and any
// chunk uses it, and the lazy discovery and connector use solanaWallets.ts: a module of its own that only hosts import
// keeps it with them, unless the host itself reads these.

/** The chain a Solana wallet is on when its account names none the kernel knows. */
export const SOLANA_MAINNET = mainnet
/** The walletClientType of a wallet-standard wallet: the spec's id where one matches its name, else a slug. */
export const solanaWalletClientType = clientType
/** Named Solana wallets of the spec's list: shown (with an install guide) when not installed. */
export const NAMED_SOLANA_WALLETS = namedWallets
