'use client'
// `foyer/privy/solana`: Privy's `@privy-io/react-auth/solana` entry over Foyer's embedded Solana wallet and the
// `solana()` plugin's wallet-standard wallets. What each name does and where it differs: privyNames.ts.
export {
  useWallets,
  useStandardWallets,
  useCreateWallet,
  useExportWallet,
  useFundWallet,
  useSignMessage,
  useSignTransaction,
  useSignAndSendTransaction,
  useSolanaFundingPlugin,
  type SolanaStandardWallet,
  type UseSignMessage,
  type UseSignTransaction,
  type UseSignAndSendTransaction,
} from './solanaHooks.js'
export { toSolanaWalletConnectors, type SolanaWalletConnectorsConfig, type SolanaWalletConnectorsOptions } from './toSolanaWalletConnectors.js'
export type { SolanaFundingConfig } from './fundingOptions.js'
export type { ConnectedStandardSolanaWallet, SolanaChain } from './privyWalletTypes.js'

/** What useWallets answers. */
export type UseWallets = ReturnType<typeof import('./solanaHooks.js').useWallets>
/** What useStandardWallets answers. */
export type UseStandardWallets = ReturnType<typeof import('./solanaHooks.js').useStandardWallets>
/** What useFundWallet answers. */
export type UseFundWalletInterface = ReturnType<typeof import('./solanaHooks.js').useFundWallet>
