/**
 * Every public name of Privy's React SDK 3.x (`@privy-io/react-auth` 3.45, its `/solana` and `/smart-wallets` entries)
 * and what a host gets for it from Foyer's matching entry (`foyer/privy`, `foyer/privy/solana`,
 * `foyer/privy/smart-wallets`). The migration page (docs/migrate-from-privy.md) is generated from this table, and a
 * test checks that every name marked 'same' or 'differs' is exported by Foyer's entry.
 */
import { differs, missing, same, type PrivyNameStatus } from './privyNameStatus.js'
import { reactAuthValues } from './privyNamesHooks.js'
import { reactAuthTypes } from './privyNamesTypes.js'

export type { PrivyNameStatus } from './privyNameStatus.js'

/** Privy's module specifier → Foyer's. */
export const PRIVY_ENTRIES = {
  '@privy-io/react-auth': 'foyer/privy',
  '@privy-io/react-auth/solana': 'foyer/privy/solana',
  '@privy-io/react-auth/smart-wallets': 'foyer/privy/smart-wallets',
} as const

export type PrivyEntry = keyof typeof PRIVY_ENTRIES

const EMBEDDED_SOLANA = 'the embedded wallet signs in the wallet frame without a screen (uiOptions is not read)'

const solana: Record<string, PrivyNameStatus> = {
  useWallets: differs('The wallets are ConnectedStandardSolanaWallet as below: the user’s embedded ones first, then the solana() plugin’s wallet-standard wallets.'),
  useStandardWallets: same,
  useCreateWallet: differs('createWallet’s signers is not read (no key quorums).'),
  useExportWallet: same,
  useImportWallet: missing('Foyer imports Ethereum private keys only (useImportWallet of foyer/privy).'),
  useFundWallet: differs('fundWallet resolves when the funding modal closes, whatever the outcome; onUserExited’s balance is undefined.'),
  useSignMessage: differs('Through the wallet’s own signMessage: ' + EMBEDDED_SOLANA + '.'),
  useSignTransaction: differs('Through the wallet’s own signTransaction: ' + EMBEDDED_SOLANA + '; chain is not read.'),
  useSignAndSendTransaction: differs(
    'The embedded wallet confirms on Foyer’s transaction screen (unless uiOptions.showWalletUIs is false); solana:devnet / solana:testnet send over the cluster’s public RPC, solana:mainnet over the configured default cluster; sponsor, optimisticBroadcast and skipSimulation are not read.',
  ),
  toSolanaWalletConnectors: differs('get() is empty and shouldAutoConnect is not read: the solana() plugin, which PrivyProvider adds when externalWallets.solana.connectors is set, discovers the wallets.'),
  useSolanaFundingPlugin: differs('Does nothing: the funding() plugin funds Solana wallets.'),
  useSolanaLedgerPlugin: missing('No Ledger support for Solana.'),
  SolanaAdapterConnector: missing('The solana() plugin discovers wallet-standard wallets; there is no adapter class.'),
  PrivyStandardWallet: missing('The embedded Solana wallet registers itself with wallet-standard as ‘Foyer Wallet’ (useStandardWallets lists it); no class to construct.'),
  defaultSolanaRpcsPlugin: missing('Privy-hosted RPCs: none; configure embeddedWallet({ solana: { clusters } }) (pass Foyer plugins to PrivyProvider).'),
  ConnectedStandardSolanaWallet: differs('A type only (an interface, not a class): address, standardWallet ({ name, icon } only), disconnect, signMessage, signTransaction, signAndSendTransaction; no signAndSendAllTransactions.'),
  SolanaStandardWallet: differs('wallet-standard’s base Wallet (its features are not narrowed to the Solana ones).'),
  SolanaFundingConfig: same,
  UseWallets: differs('Its wallets are ConnectedStandardSolanaWallet (see above).'),
  UseStandardWallets: differs('Its wallets are SolanaStandardWallet (see above).'),
  UseFundWalletInterface: same,
  UseImportWalletInterface: missing('No Solana key import (useImportWallet).'),
  UseSignMessage: same,
  UseSignTransaction: same,
  UseSignAndSendTransaction: same,
}

const smartWallets: Record<string, PrivyNameStatus> = {
  SmartWalletsProvider: differs('Renders its children: smart wallets are the smartWallets() plugin (PrivyProvider loads it with embeddedWallets); config.paymasterContext is not read (the server’s app config names the paymaster).'),
  useSmartWallets: differs(
    'client is Foyer’s, not permissionless’s SmartAccountClient: account, chain, smartWalletType, sponsored, sendTransaction (one call; a chain other than the account’s rejects), signMessage, signTypedData, switchChain (its own chain only). getClientForChain answers it for its chain only.',
  ),
  SmartWalletClientType: differs('Foyer’s client (see useSmartWallets), not permissionless’s SmartAccountClient.'),
  SmartWalletsProviderProps: same,
}

export const privyNames: Record<PrivyEntry, Record<string, PrivyNameStatus>> = {
  '@privy-io/react-auth': { ...reactAuthValues, ...reactAuthTypes },
  '@privy-io/react-auth/solana': solana,
  '@privy-io/react-auth/smart-wallets': smartWallets,
}

/**
 * The names each Foyer entry exports as types only (a type-level fixture imports them); every other name the table
 * marks 'same' or 'differs' is a value, there at run time.
 */
export const privyTypeNames: Record<PrivyEntry, readonly string[]> = {
  '@privy-io/react-auth': [...Object.keys(reactAuthTypes), 'WalletConnector'],
  '@privy-io/react-auth/solana': [
    'ConnectedStandardSolanaWallet', 'SolanaStandardWallet', 'SolanaFundingConfig', 'UseWallets', 'UseStandardWallets',
    'UseFundWalletInterface', 'UseImportWalletInterface', 'UseSignMessage', 'UseSignTransaction', 'UseSignAndSendTransaction',
  ],
  '@privy-io/react-auth/smart-wallets': ['SmartWalletClientType', 'SmartWalletsProviderProps'],
}

/** How many names of each status an entry has. */
export function privyNameCounts(entry: PrivyEntry): Record<PrivyNameStatus['status'], number> {
  const counts = { same: 0, differs: 0, missing: 0 }
  for (const { status } of Object.values(privyNames[entry])) counts[status] += 1
  return counts
}

