import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { markerPresent } from '../../core/client/session.js'
import { announceEmbeddedWallet } from './announce/announceEmbeddedWallet.js'
import { announcedWallet } from './announce/announcedWallet.js'
import { embeddedEthereumSource } from './provider/embeddedEthereumSource.js'
import type { SignOptions } from './provider/signMessage.js'
import { WALLET_ETHEREUM_ID } from './ethereumScreens.js'
import type { WalletEthereumOptions } from './ethereumWallet.js'
import { createWalletEthereumState, type WalletEthereumState } from './walletEthereumState.js'

// What the plugin does when asked loads on first use: the host's first load carries the plugin's wiring only.
const loadSignMessage = () => import('./provider/signMessage.js')

/**
 * A wallet's Ethereum face for dapps and the host: an EIP-1193 provider per account (in useWallets(), announced by
 * EIP-6963 for wagmi and RainbowKit, `foyer/wagmi`'s connector), its 'Sign message', 'Add suggested token' and 'Add
 * network' screens, and `signMessage` / `signTypedData` on useFoyer(). `embeddedWallet()` brings it along (its
 * `plugins`); the plugin knows the wallet only through WalletEthereumOptions and EthereumWallet.
 */
export function walletEthereum(options: WalletEthereumOptions) {
  // A page that likely has a session announces the wallet now, as the host's modules load: wagmi's reconnect runs as
  // WagmiProvider first renders, before FoyerProvider's effect starts Foyer (setup below), and looks only at the
  // wallets announced by then. The announced provider waits for the session (announcedWallet.ts).
  if (typeof window !== 'undefined' && markerPresent()) announcedWallet(window, { isMetaMask: options.isMetaMask === true }).announce()
  const stateOf = (foyer: Foyer) => foyer.pluginState<WalletEthereumState>(WALLET_ETHEREUM_ID)
  const prompt = (sign: SignOptions, personal: boolean) => options.prompt(personal, sign.uiOptions?.showWalletUIs)
  return definePlugin({
    id: WALLET_ETHEREUM_ID,
    kind: 'feature',
    state: (foyer: Foyer) => createWalletEthereumState(foyer, options),
    // Each account's EIP-1193 provider, in useWallets() first (its code loads once the user has an account).
    connectors: (foyer: Foyer) => embeddedEthereumSource(foyer, options),
    setup: (foyer: Foyer) => announceEmbeddedWallet(foyer, options),
    screens: {
      sign: { load: () => import('./screens/SignRequestScreen.js'), title: 'embeddedWallet.sign.title', back: false },
      // wallet_watchAsset (EIP-747) and wallet_addEthereumChain (EIP-3085) of the EIP-1193 provider: approvals, no signature.
      'watch-asset': { load: () => import('./screens/WatchAssetScreen.js'), title: 'embeddedWallet.watchAsset.title', back: false },
      'add-chain': { load: () => import('./screens/AddChainScreen.js'), title: 'embeddedWallet.addChain.title', back: false },
    },
    actions: (foyer: Foyer) => ({
      signMessage: async (input: { message: string | { raw: `0x${string}` } }, sign: SignOptions = {}) => {
        const [flow, wallet] = await Promise.all([loadSignMessage(), stateOf(foyer).wallet()])
        return flow.signMessage(foyer, wallet, input?.message, sign, prompt(sign, true))
      },
      signTypedData: async (typedData: unknown, sign: SignOptions = {}) => {
        const [flow, wallet] = await Promise.all([loadSignMessage(), stateOf(foyer).wallet()])
        return flow.signTypedData(foyer, wallet, typedData, sign, prompt(sign, false))
      },
    }),
    // The English loads with the plugin's first screen; hosts override the keys with the wallet's `texts` or `textLocalization`.
    loadTexts: () => import('./ethereumTexts.js').then((m) => m.walletEthereumTexts),
  })
}

export { WALLET_ETHEREUM_ID, SIGN_SCREEN, WATCH_ASSET_SCREEN, ADD_CHAIN_SCREEN } from './ethereumScreens.js'
export { EMBEDDED_WALLET_RDNS, EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_ICON, EMBEDDED_WALLET_STANDARD_ICON } from './announce/embeddedWalletInfo.js'
export type { EthereumWallet, EthereumSignRequest, WalletEthereumOptions, WatchedAsset, AddedChain } from './ethereumWallet.js'
export type { WalletEthereumState } from './walletEthereumState.js'
export type { EmbeddedEthereumProvider, EmbeddedProviderDeps, RequestArguments } from './provider/embeddedEthereumProvider.js'
export type { SignOptions } from './provider/signMessage.js'
export type { SignUiOptions } from './screens/SignRequestScreen.js'
export { walletEthereumTexts, walletEthereumErrors } from './publicTexts.js'

// The functions hosts get on useFoyer() with this plugin (embeddedWallet() brings it).
declare module 'foyer' {
  interface FoyerActions {
    /** Signs a message with the embedded wallet, on the 'Sign message' screen unless wallet UIs are off. */
    signMessage(input: { message: string | { raw: `0x${string}` } }, options?: SignOptions): Promise<`0x${string}`>
    /** Signs EIP-712 typed data with the embedded wallet. */
    signTypedData(typedData: unknown, options?: SignOptions): Promise<`0x${string}`>
  }
}
