import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import type { CreateOnLogin } from './custody/createOnLoginHook.js'
import type { CreateWalletParameters } from './custody/createWallet.js'
import { createEmbeddedWalletState, type EmbeddedWalletState } from './state/embeddedWalletState.js'
import {
  EMBEDDED_CONNECTOR_TYPE,
  EMBEDDED_IMPORTED_CONNECTOR_TYPE,
  EMBEDDED_WALLET_CLIENT_TYPE,
  embeddedWalletServerErrorTexts,
  SET_RECOVERY_EXIT_TEXT,
  SET_RECOVERY_INTENT,
} from './walletConstants.js'
import { embeddedWalletsOf } from './state/embeddedAccounts.js'
import { lockOnMfaEnrollment } from './channel/lockOnMfaEnrollment.js'
import { resumeCreateOnLoad } from './custody/resumeCreateOnLoad.js'
import { bindDeviceKey } from './channel/bindDeviceKey.js'
import { recoveryOptionsOf, recoveryRequiredOnCreate } from './custody/recoveryOptions.js'
import type { ImportWalletParameters } from './custody/importWallet.js'
import type { ExportWalletParameters } from './custody/exportWallet.js'
import type { SetWalletRecoveryParameters } from './custody/setWalletRecovery.js'
import { walletTransactions } from '../wallet-transactions/index.js'
import { EMBEDDED_WALLET_ICON, EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_STANDARD_ICON, walletEthereum } from '../wallet-ethereum/index.js'
import { walletSolana, type SolanaCluster } from '../wallet-solana/index.js'
import { recoveryGoogleDrive } from '../recovery-google-drive/index.js'
import { recoveryIcloud } from '../recovery-icloud/index.js'
import { recoveryPassword } from '../recovery-password/index.js'
import type { FrameEventName } from '../wallet-frame/index.js'

// What the plugin does when asked loads on first use: the host's first load carries the plugin's wiring only.
const ops = {
  createWallet: () => import('./custody/createWallet.js'),
  importWallet: () => import('./custody/importWallet.js'),
  exportWallet: () => import('./custody/exportWallet.js'),
  solanaSignMessage: () => import('./channel/solanaSignMessage.js'),
  createOnLogin: () => import('./custody/createOnLoginHook.js'),
  setWalletRecovery: () => import('./custody/setWalletRecovery.js'),
  transactionWallet: () => import('./state/transactionWallet.js'),
  ethereumFaceWallet: () => import('./state/ethereumFaceWallet.js'),
  solanaFaceWallet: () => import('./state/solanaFaceWallet.js'),
  walletFrameRequest: () => import('./channel/walletFrameRequest.js'),
}

/** Options of embeddedWallet() (Privy's `embeddedWallets` config). */
export interface EmbeddedWalletOptions {
  ethereum?: {
    createOnLogin?: CreateOnLogin
    /**
     * true: the EIP-1193 provider (useWallets()' and the EIP-6963 one) says `isMetaMask: true`, for dapps that enable
     * their wallet features only when it does (MetaMask's test dapp, older dapps), as Rabby, Brave Wallet and Coinbase
     * Wallet let users choose. It is a compatibility claim, not the truth: the EIP-6963 info still names Foyer Wallet,
     * and `isFoyerWallet` stays true. Default false.
     */
    isMetaMask?: boolean
  }
  /** When a login creates the Solana wallet (after the Ethereum one); default 'off'. */
  solana?: {
    createOnLogin?: CreateOnLogin
    /** Solana clusters and their RPC URLs (the first is the default; default mainnet-beta's public endpoint). */
    clusters?: SolanaCluster[]
  }
  /** false: sign without the sign screen (Privy's `showWalletUIs`). Default true. */
  showWalletUIs?: boolean
  /** true: personal_sign without a screen even when wallet UIs show (Privy's `noPromptOnSignature`). */
  noPromptOnSignature?: boolean
  /** The wallet frame's origin; default the server's (`embedded_wallet_origin`). */
  walletOrigin?: string
  /** Where the export screen's 'Learn more' goes (default: ethereum.org's page on keeping keys safe). */
  exportLearnMoreUrl?: string
  /** How the transaction screens show fees and totals: 'usd' (from the server's token_price route) or 'native'. Default 'usd'. */
  priceDisplay?: 'usd' | 'native'
  texts?: Record<string, string>
}

const PLUGIN_ID = 'embedded-wallet'

/** Parameters of useSolanaWallets().createWallet (Privy's). */
export type CreateSolanaWalletParameters = Omit<CreateWalletParameters, 'chainType'>

/**
 * Embedded wallets: `plugins={[terms(), email(), embeddedWallet({ ethereum: { createOnLogin: 'users-without-wallets' } })]}`.
 * Keys live only in the wallet frame (its own origin); this half asks it to create, unlock and sign.
 */
export function embeddedWallet(options: EmbeddedWalletOptions = {}) {
  const stateOf = (foyer: Foyer) => foyer.pluginState<EmbeddedWalletState>(PLUGIN_ID)
  const createOnLogin = (foyer: Foyer): CreateOnLogin => {
    const server = foyer.$config.peek()?.server as { embedded_wallet_config?: { create_on_login?: CreateOnLogin } } | undefined
    return options.ethereum?.createOnLogin ?? server?.embedded_wallet_config?.create_on_login ?? 'off'
  }
  // The app's `require_user_owned_recovery_on_create`: the methods a new wallet must choose from right away (none: not required).
  const recoveryOnCreate = (foyer: Foyer) => (recoveryRequiredOnCreate(foyer) ? recoveryOptionsOf(foyer) : [])
  // Whether a request shows its screen: the call's `showWalletUIs`, else the host's; never for personal_sign with
  // `noPromptOnSignature`. The same policy for useFoyer()'s functions and the dapps' providers.
  const prompt = (personal: boolean, showWalletUIs?: boolean) => (showWalletUIs ?? options.showWalletUIs ?? true) && !(personal && options.noPromptOnSignature)
  const priceDisplay = options.priceDisplay ?? 'usd'
  return definePlugin({
    id: PLUGIN_ID,
    kind: 'wallet',
    state: (foyer: Foyer) => createEmbeddedWalletState(foyer, options.walletOrigin ? { walletOrigin: options.walletOrigin } : {}),
    // Sessions this page starts are bound to the wallet frame's device key (custody calls then need its proofs).
    middleware: (foyer: Foyer) => bindDeviceKey(() => stateOf(foyer)),
    setup: (foyer: Foyer) => {
      const stopLocking = lockOnMfaEnrollment(foyer, stateOf(foyer))
      // Loaded beside the host's first load, not in it: it is needed only once the modal opens.
      let stopMounting: (() => void) | null = null
      let stopped = false
      void import('./channel/mountFrameOnLoginOpen.js').then((m) => {
        if (!stopped) stopMounting = m.mountFrameOnLoginOpen(foyer, () => stateOf(foyer))
      })
      // A creation a reload, a closed tab or a dropped connection cut off is resumed once the session is restored.
      const stopResuming = resumeCreateOnLoad(foyer, () => stateOf(foyer), () => createOnLogin(foyer), () => options.solana?.createOnLogin ?? 'off')
      return () => {
        stopLocking()
        stopped = true
        stopMounting?.()
        stopResuming()
      }
    },
    screens: {
      connecting: { load: () => import('./screens/WalletConnectingScreen.js'), title: 'embeddedWallet.connecting.title', dismissable: false, back: false },
      created: { load: () => import('./screens/WalletCreatedScreen.js'), title: 'embeddedWallet.created.title', back: false },
      export: { load: () => import('./screens/ExportWalletScreen.js'), title: 'embeddedWallet.export.title', back: false },
      // The recovery page: a recovery method's screens (its plugin's frame half) step inside the wallet frame (back goes
      // one step there); the modal's back is off. Which methods the app offers, and their labels: the recovery-method slot.
      'set-recovery-password': { load: () => import('./screens/SetRecoveryPasswordScreen.js'), title: 'embeddedWallet.recovery.setTitle', back: false },
      'recover-password': { load: () => import('./screens/RecoverPasswordScreen.js'), title: 'embeddedWallet.recovery.enterTitle', back: false },
      'recovery-select': { load: () => import('./screens/RecoverySelectionScreen.js'), title: 'embeddedWallet.recovery.setTitle' },
      'recovery-automatic': { load: () => import('./screens/AutomaticRecoveryScreen.js'), title: 'embeddedWallet.recovery.automaticTitle' },
    },
    intents: { [SET_RECOVERY_INTENT]: { code: 'EXITED_SET_RECOVERY_FLOW', text: SET_RECOVERY_EXIT_TEXT } },
    hooks: {
      // Terms first: nothing is created for a user who then declines them.
      after: ['terms'],
      onLoginSuccess: async (ctx) =>
        (await ops.createOnLogin()).createOnLoginHook(
          stateOf(ctx.foyer),
          () => createOnLogin(ctx.foyer),
          () => options.solana?.createOnLogin ?? 'off',
          () => recoveryOnCreate(ctx.foyer),
        )(ctx),
    },
    actions: (foyer: Foyer) => ({
      createWallet: async (parameters?: CreateWalletParameters) => (await ops.createWallet()).createWallet(foyer, stateOf(foyer), parameters),
      importWallet: async (parameters: ImportWalletParameters) => (await ops.importWallet()).importWallet(foyer, stateOf(foyer), parameters),
      exportWallet: async (parameters?: ExportWalletParameters) => (await ops.exportWallet()).exportWallet(foyer, parameters, options.exportLearnMoreUrl),
      setWalletRecovery: async (parameters?: SetWalletRecoveryParameters) => (await ops.setWalletRecovery()).setWalletRecovery(foyer, stateOf(foyer), parameters),
      createSolanaWallet: async () => (await ops.createWallet()).createWallet(foyer, stateOf(foyer), { chainType: 'solana' }),
      signSolanaMessage: async (message: string | Uint8Array, address?: string) =>
        (await ops.solanaSignMessage()).solanaSignMessage(foyer, stateOf(foyer), message, address),
      // For plugins whose key work runs in the wallet frame (delegated actions, Farcaster signers): see walletFrameRequest.ts.
      walletFrameRequest: async <R,>(address: string, event: FrameEventName, data?: Record<string, unknown>, name?: string): Promise<R> =>
        (await ops.walletFrameRequest()).walletFrameRequest<R>(foyer, stateOf(foyer), address, event, data, name),
    }),
    hookActions: {
      useSolanaWallets: (foyer: Foyer) => ({
        createWallet: async (parameters?: CreateSolanaWalletParameters) =>
          (await ops.createWallet()).createWallet(foyer, stateOf(foyer), { ...parameters, chainType: 'solana' }),
        exportWallet: async (parameters?: ExportWalletParameters) =>
          (await ops.exportWallet()).exportWallet(foyer, parameters, options.exportLearnMoreUrl, 'solana'),
      }),
    },
    // Transactions are a plugin of their own (plugins/wallet-transactions) that knows this wallet only as a
    // TransactionWallet; the wallet brings it, so a host's `embeddedWallet()` still sends (a host may list its own).
    plugins: [
      walletTransactions({
        wallet: async (foyer: Foyer) =>
          (await ops.transactionWallet()).embeddedTransactionWallet(foyer, stateOf(foyer), {
            prompt: (showWalletUIs?: boolean) => prompt(false, showWalletUIs),
            priceDisplay,
            clusters: options.solana?.clusters ?? [],
          }),
      }),
      // The dapp-facing faces too (plugins/wallet-ethereum, plugins/wallet-solana): each embedded Ethereum wallet's
      // EIP-1193 provider (in useWallets() first, announced by EIP-6963, the sign and approval screens), then each
      // embedded Solana wallet (first in useSolanaWallets(), registered with wallet-standard). They know this wallet
      // only as what it hands over here, loaded on first use.
      walletEthereum({
        accounts: (user) => embeddedWalletsOf(user, 'ethereum'),
        wallet: async (foyer: Foyer) => (await ops.ethereumFaceWallet()).ethereumFaceWallet(foyer, stateOf(foyer), { priceDisplay }),
        walletClientType: EMBEDDED_WALLET_CLIENT_TYPE,
        connectorType: (account) => (account.imported === true || account.connectorType === EMBEDDED_IMPORTED_CONNECTOR_TYPE ? EMBEDDED_IMPORTED_CONNECTOR_TYPE : EMBEDDED_CONNECTOR_TYPE),
        prompt,
        priceDisplay,
        batches: (foyer: Foyer) => stateOf(foyer).callBatches,
        isMetaMask: options.ethereum?.isMetaMask === true,
      }),
      walletSolana({
        accounts: (user) => embeddedWalletsOf(user, 'solana'),
        wallet: async (foyer: Foyer) =>
          (await ops.solanaFaceWallet()).solanaFaceWallet(foyer, stateOf(foyer), { priceDisplay, clusters: options.solana?.clusters ?? [] }),
        walletClientType: EMBEDDED_WALLET_CLIENT_TYPE,
        connectorType: EMBEDDED_CONNECTOR_TYPE,
        identity: { name: EMBEDDED_WALLET_NAME, icon: EMBEDDED_WALLET_ICON, standardIcon: EMBEDDED_WALLET_STANDARD_ICON },
        clusters: options.solana?.clusters ?? [],
        prompt: () => prompt(false),
      }),
      // The user-owned recovery methods are plugins of their own too (their halves: a method on 'Secure your account',
      // its frame page, its routes); the wallet brings the built-in three, so a host's `embeddedWallet()` still offers
      // what its app's `user_owned_recovery_options` lists (a host may list its own, with options).
      recoveryGoogleDrive(),
      recoveryIcloud(),
      recoveryPassword(),
    ],
    errors: embeddedWalletServerErrorTexts,
    // The English loads with the plugin's first screen (none is read before one shows); the host's overrides are here.
    texts: { ...options.texts },
    loadTexts: () => import('./embeddedWalletTexts.js').then((m) => m.embeddedWalletTexts),
  })
}

// Hosts import the plugin, its hooks, its constants and types from here. The operations behind useFoyer()'s functions
// are not re-exported: a module named here lands in the host's first load with some bundlers (esbuild), lazy or not.
export { WALLET_SCREENS, EXPORT_SCREEN, RECOVERY_SCREENS, WALLET_CREATE_TIMEOUT_MS, EMBEDDED_WALLET_CLIENT_TYPE, EMBEDDED_CONNECTOR_TYPE, EMBEDDED_IMPORTED_CONNECTOR_TYPE } from './walletConstants.js'
export { embeddedWalletsOf, primaryEmbeddedWallet } from './state/embeddedAccounts.js'
export { walletFrameOf, type WalletFrame } from './channel/walletFrameOf.js'
export { useCreateWallet, useExportWallet, useImportWallet, useSetWalletRecovery, useSignMessage, useSignTypedData, type WalletHookCallbacks } from './state/walletHooks.js'
export { useWatchedAssets, type UseWatchedAssetsReturnType } from './state/useWatchedAssets.js'
export { embeddedWalletTexts, embeddedWalletErrors } from './publicTexts.js'
export type { CreateWalletParameters, CreateWalletReturnType, CreateWalletErrorType } from './custody/createWallet.js'
export type { ImportWalletParameters } from './custody/importWallet.js'
export type { ExportWalletParameters } from './custody/exportWallet.js'
export type { SetWalletRecoveryParameters, SetWalletRecoveryReturnType, SetWalletRecoveryErrorType } from './custody/setWalletRecovery.js'
export type { CreateOnLogin } from './custody/createOnLoginHook.js'
export type { WalletProxy, WalletProxyOptions } from '../wallet-frame/index.js'
export type { FrameAnswer, FrameErrorType, FrameEvent, FrameEventName, FrameRequest } from '../wallet-frame/index.js'

// Transactions moved to their own plugin (plugins/wallet-transactions), which this one brings: its public names stay
// importable from here.
export {
  SEND_CALLS_SCREEN,
  SEND_TRANSACTION_SCREEN,
  SOLANA_SEND_SCREEN,
  loadTransactionDecoder,
  useSendSolanaTransaction,
  useSendTransaction,
  useSignTransaction,
  walletTransactions,
  walletTransactionTexts,
  type SendSolanaTransactionOptions,
  type SendSolanaTransactionResult,
  type SendTransactionOptions,
  type SendTransactionResult,
  type SolanaConnectionLike,
  type SolanaTransactionError,
  type SolanaTransactionInput,
  type SolanaTransactionUiOptions,
  type TransactionDecoder,
  type TransactionReceiptFields,
  type TransactionUiOptions,
  type TransactionWallet,
} from '../wallet-transactions/index.js'

// The dapp-facing faces moved to their own plugins (plugins/wallet-ethereum, plugins/wallet-solana), which this one
// brings: their public names stay importable from here.
export {
  ADD_CHAIN_SCREEN,
  EMBEDDED_WALLET_ICON,
  EMBEDDED_WALLET_NAME,
  EMBEDDED_WALLET_RDNS,
  SIGN_SCREEN,
  WATCH_ASSET_SCREEN,
  walletEthereum,
  walletEthereumTexts,
  type AddedChain,
  type EmbeddedEthereumProvider,
  type EmbeddedProviderDeps,
  type EthereumWallet,
  type SignOptions,
  type WalletEthereumOptions,
  type WatchedAsset,
} from '../wallet-ethereum/index.js'
export { walletSolana, type SolanaCluster, type SolanaClusterName, type SolanaStandardWallet, type SolanaWallet, type WalletSolanaOptions } from '../wallet-solana/index.js'

// The functions hosts get on useFoyer() with this plugin.
declare module 'foyer' {
  interface FoyerActions {
    /** Creates the user's embedded Ethereum wallet (or, with createAdditional, the next one); answers its account. */
    createWallet(parameters?: CreateWalletParameters): Promise<import('../../core/protocol/index.js').LinkedAccount>
    /** Opens 'Transfer wallet' (the key shown inside the wallet frame only); resolves when the user closes it. */
    exportWallet(parameters?: ExportWalletParameters): Promise<void>
    /** Sets password recovery on the embedded Ethereum wallet (the password screens run inside the wallet frame); answers the user. */
    setWalletRecovery(parameters?: SetWalletRecoveryParameters): Promise<import('../../core/protocol/index.js').User>
    /** Makes an embedded wallet of an Ethereum private key (split in the frame; `imported: true`). */
    importWallet(parameters: ImportWalletParameters): Promise<import('../../core/protocol/index.js').LinkedAccount>
    /** Creates the user's embedded Solana wallet (a user with none; an Ethereum wallet's recovery must be automatic). */
    createSolanaWallet(): Promise<import('../../core/protocol/index.js').LinkedAccount>
    /** Signs a message with the embedded Solana wallet: the ed25519 signature (64 bytes). */
    signSolanaMessage(message: string | Uint8Array, address?: string): Promise<Uint8Array>
    /**
     * For plugins whose key work runs in the wallet frame (delegated actions, Farcaster signers): unlocks the embedded
     * wallet at `address` (MFA step-up, recovery) and sends the frame `event` with `{ ...data, accessToken, address }`.
     */
    walletFrameRequest<R>(address: string, event: FrameEventName, data?: Record<string, unknown>, name?: string): Promise<R>
  }
  interface FoyerSolanaWalletsActions {
    /** Creates the user's embedded Solana wallet (or, with createAdditional, the next one); answers its account. */
    createWallet(parameters?: CreateSolanaWalletParameters): Promise<import('../../core/protocol/index.js').LinkedAccount>
    /** Opens 'Transfer wallet' for an embedded Solana wallet (default the first): its base58 secret key, in the frame only. */
    exportWallet(parameters?: ExportWalletParameters): Promise<void>
  }
}
