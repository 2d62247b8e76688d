import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { mergeConnectorSources } from '../../core/client/wallets/mergeConnectorSources.js'
import { createOnLoginHook, WALLET_SCREENS, type CreateOnLogin } from './createOnLoginHook.js'
import { createWallet, type CreateWalletParameters } from './createWallet.js'
import { createEmbeddedWalletState, type EmbeddedWalletState } from './embeddedWalletState.js'
import { embeddedWalletTexts } from './embeddedWalletTexts.js'
import { embeddedWalletServerErrorTexts } from './schema.js'
import { embeddedConnectors } from './embeddedConnector.js'
import { embeddedSolanaSource } from './embeddedSolanaSource.js'
import { announceEmbeddedWallet } from './announceEmbeddedWallet.js'
import { importWallet, type ImportWalletParameters } from './importWallet.js'
import { exportWallet, type ExportWalletParameters } from './exportWallet.js'
import { solanaSignMessage } from './solanaSignMessage.js'
import { SIGN_SCREEN, signMessage, signTypedData, type SignOptions } from './signMessage.js'

/** Options of embeddedWallet() (Privy's `embeddedWallets` config). */
export interface EmbeddedWalletOptions {
  ethereum?: { createOnLogin?: CreateOnLogin }
  /** When a login creates the Solana wallet (after the Ethereum one); default 'off'. */
  solana?: { createOnLogin?: CreateOnLogin }
  /** false: sign without the sign screen (Privy's `showWalletUIs`). Default true. */
  showWalletUIs?: boolean
  /** true: personal_sign without a screen even when wallet UIs show (Privy's `noPromptOnSignature`). */
  noPromptOnSignature?: boolean
  /** The wallet frame's origin; default the server's (`embedded_wallet_origin`). */
  walletOrigin?: string
  /** Where the export screen's 'Learn more' goes (default: ethereum.org's page on keeping keys safe). */
  exportLearnMoreUrl?: string
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
  const prompt = (sign: SignOptions, personal: boolean) =>
    (sign.uiOptions?.showWalletUIs ?? options.showWalletUIs ?? true) && !(personal && options.noPromptOnSignature)
  return definePlugin({
    id: PLUGIN_ID,
    kind: 'wallet',
    state: (foyer: Foyer) => createEmbeddedWalletState(foyer, options.walletOrigin ? { walletOrigin: options.walletOrigin } : {}),
    // Each embedded Ethereum wallet's EIP-1193 provider (in useWallets() first, announced by EIP-6963), then each embedded
    // Solana wallet (first in useSolanaWallets(), registered with wallet-standard).
    connectors: (foyer: Foyer) =>
      mergeConnectorSources(
        embeddedConnectors(foyer, { state: () => stateOf(foyer), prompt: (personal: boolean) => prompt({}, personal) }),
        embeddedSolanaSource(foyer, { state: () => stateOf(foyer) }),
      ),
    setup: (foyer: Foyer) => announceEmbeddedWallet(foyer, { state: () => stateOf(foyer), prompt: (personal: boolean) => prompt({}, personal) }),
    screens: {
      connecting: { load: () => import('./screens/WalletConnectingScreen.js'), title: 'embeddedWallet.connecting.title', dismissable: false, back: false },
      created: { load: () => import('./screens/WalletCreatedScreen.js'), title: 'embeddedWallet.created.title', back: false },
      sign: { load: () => import('./screens/SignRequestScreen.js'), title: 'embeddedWallet.sign.title', back: false },
      export: { load: () => import('./screens/ExportWalletScreen.js'), title: 'embeddedWallet.export.title', back: false },
    },
    hooks: {
      // Terms first: nothing is created for a user who then declines them.
      after: ['terms'],
      onLoginSuccess: (ctx) =>
        createOnLoginHook(stateOf(ctx.foyer), () => createOnLogin(ctx.foyer), () => options.solana?.createOnLogin ?? 'off')(ctx),
    },
    actions: (foyer: Foyer) => ({
      createWallet: (parameters?: CreateWalletParameters) => createWallet(foyer, stateOf(foyer), parameters),
      signMessage: (input: { message: string }, sign: SignOptions = {}) => signMessage(foyer, stateOf(foyer), input?.message, sign, prompt(sign, true)),
      signTypedData: (typedData: unknown, sign: SignOptions = {}) => signTypedData(foyer, stateOf(foyer), typedData, sign, prompt(sign, false)),
      importWallet: (parameters: ImportWalletParameters) => importWallet(foyer, stateOf(foyer), parameters),
      exportWallet: (parameters?: ExportWalletParameters) => exportWallet(foyer, parameters, options.exportLearnMoreUrl),
      createSolanaWallet: () => createWallet(foyer, stateOf(foyer), { chainType: 'solana' }),
      signSolanaMessage: (message: string | Uint8Array, address?: string) => solanaSignMessage(foyer, stateOf(foyer), message, address),
    }),
    hookActions: {
      useSolanaWallets: (foyer: Foyer) => ({
        createWallet: (parameters?: CreateSolanaWalletParameters) => createWallet(foyer, stateOf(foyer), { ...parameters, chainType: 'solana' }),
        exportWallet: (parameters?: ExportWalletParameters) => exportWallet(foyer, parameters, options.exportLearnMoreUrl, 'solana'),
      }),
    },
    errors: embeddedWalletServerErrorTexts,
    texts: { ...embeddedWalletTexts, ...options.texts },
  })
}

export { WALLET_SCREENS, SIGN_SCREEN }
export { embeddedWalletsOf, primaryEmbeddedWallet } from './embeddedAccounts.js'
export type { EmbeddedEthereumProvider, EmbeddedProviderDeps } from './embeddedEthereumProvider.js'
export { EmbeddedProviderRpcError } from './providerRpcError.js'
export { EMBEDDED_WALLET_RDNS, EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_ICON } from './embeddedWalletInfo.js'
export { createWallet, WALLET_CREATE_TIMEOUT_MS, type CreateWalletParameters, type CreateWalletReturnType, type CreateWalletErrorType } from './createWallet.js'
export type { SignOptions } from './signMessage.js'
export { useCreateWallet, useExportWallet, useImportWallet, useSignMessage, useSignTypedData, type WalletHookCallbacks } from './walletHooks.js'
export { importWallet, type ImportWalletParameters } from './importWallet.js'
export { exportWallet, EXPORT_SCREEN, type ExportWalletParameters } from './exportWallet.js'
export { solanaSignMessage } from './solanaSignMessage.js'
export type { SolanaStandardWallet } from './solanaStandardWallet.js'
export type { CreateOnLogin } from './createOnLoginHook.js'
export { embeddedWalletTexts, embeddedWalletErrors } from './embeddedWalletTexts.js'
export { embeddedWalletApi, embeddedWalletPaths } from './api.js'
export { connectWalletProxy, assertSecureWalletContext, WalletProxyError, walletProxyTexts, type WalletProxy, type WalletProxyOptions } from './walletProxy.js'
export { FRAME_READY, FRAME_WAITS, frameEvents, frameErrorTypes, framePath, type FrameAnswer, type FrameErrorType, type FrameEvent, type FrameRequest } from './frameProtocol.js'

// The functions hosts get on useFoyer() with this plugin.
declare module 'foyer' {
  interface FoyerActions {
    /** Creates the user's embedded Ethereum wallet (or, with createAdditional, the next one); answers its account. */
    createWallet(parameters?: CreateWalletParameters): Promise<import('../../core/protocol/index.js').LinkedAccount>
    /** Signs a message with the embedded wallet, on the 'Sign message' screen unless wallet UIs are off. */
    signMessage(input: { message: string }, options?: SignOptions): Promise<`0x${string}`>
    /** Signs EIP-712 typed data with the embedded wallet. */
    signTypedData(typedData: unknown, options?: SignOptions): Promise<`0x${string}`>
    /** Opens 'Transfer wallet' (the key shown inside the wallet frame only); resolves when the user closes it. */
    exportWallet(parameters?: ExportWalletParameters): Promise<void>
    /** Makes an embedded wallet of an Ethereum private key (split in the frame; `imported: true`). */
    importWallet(parameters: ImportWalletParameters): Promise<import('../../core/protocol/index.js').LinkedAccount>
    /** Creates the user's embedded Solana wallet (a user with none; an Ethereum wallet's recovery must be automatic). */
    createSolanaWallet(): Promise<import('../../core/protocol/index.js').LinkedAccount>
    /** Signs a message with the embedded Solana wallet: the ed25519 signature (64 bytes). */
    signSolanaMessage(message: string | Uint8Array, address?: string): Promise<Uint8Array>
  }
  interface FoyerSolanaWalletsActions {
    /** Creates the user's embedded Solana wallet (or, with createAdditional, the next one); answers its account. */
    createWallet(parameters?: CreateSolanaWalletParameters): Promise<import('../../core/protocol/index.js').LinkedAccount>
    /** Opens 'Transfer wallet' for an embedded Solana wallet (default the first): its base58 secret key, in the frame only. */
    exportWallet(parameters?: ExportWalletParameters): Promise<void>
  }
}
