import { UserRejectedRequestError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import type { ChainType, WalletConnector } from '../../core/client/wallets/types.js'
import { ProviderRpcError, walletTexts } from '../../core/client/wallets/walletErrors.js'
import { mobilePlatform, openInWalletLink, storeLink } from './deepLinks.js'
import { MOBILE_WALLETS, type MobileWallet } from './directory.js'

/** The interstitial screen's id. */
export const OPEN_SCREEN = 'mobile-wallets/open'

/** What the interstitial screen gets. */
export interface OpenWalletParams {
  wallet: MobileWallet
  /** Opens the page in the wallet (its in-app browser link). */
  link: string
  /** 'Go to App Store' (the Play Store on Android). */
  storeUrl: string
  /** Navigates to a deep link (default: location.assign). */
  open: (url: string) => void
}

/** Options shared by every mobile connector. */
export interface MobileConnectorOptions {
  /** Navigates to a deep link; default `location.assign`. Test seam. */
  openUrl?: (url: string) => void
  /** Directory ids to offer (default: all, in directory order). */
  wallets?: readonly string[]
}

const notConnected = () => new ProviderRpcError(4900, walletTexts.notConnected)

/** The chain a wallet is listed under for the host's walletChainType (null: not listed). */
function chainFor(wallet: MobileWallet, chainType: string | undefined): ChainType | null {
  if (chainType === 'solana-only') return wallet.chains.includes('solana') ? 'solana' : null
  if (chainType === 'ethereum-only') return wallet.chains.includes('ethereum') ? 'ethereum' : null
  return wallet.chains.includes('ethereum') ? 'ethereum' : 'solana'
}

/**
 * One connector per directory wallet. connect() shows the interstitial ('Continue' opens the page in
 * the wallet's browser); it never resolves here — the page reloads inside the wallet, where the
 * injected connector connects. Leaving the interstitial rejects with 4001.
 */
export function mobileConnectors(foyer: Foyer, options: MobileConnectorOptions = {}): WalletConnector[] {
  const platform = mobilePlatform(navigator.userAgent) ?? 'ios'
  const chainType = foyer.$config.peek()?.client.appearance?.walletChainType
  const open = options.openUrl ?? ((url: string) => window.location.assign(url))
  const wanted = options.wallets ? MOBILE_WALLETS.filter((w) => options.wallets!.includes(w.id)) : MOBILE_WALLETS
  return wanted.flatMap((wallet): WalletConnector[] => {
    const chain = chainFor(wallet, chainType)
    if (!chain) return []
    return [
      {
        id: `mobile:${wallet.id}`,
        chain,
        connectorType: 'injected',
        walletClientType: wallet.id,
        name: wallet.name,
        // A phone can't tell whether an app is installed; the interstitial handles the missing app.
        installed: true,
        installUrl: storeLink(wallet, platform),
        connect: () => showInterstitial(foyer, { wallet, link: openInWalletLink(wallet, window.location.href), storeUrl: storeLink(wallet, platform), open }),
        disconnect: async () => {},
        getAccounts: async () => [],
        getChainId: async () => {
          throw notConnected()
        },
        getProvider: async () => null,
        signMessage: async () => {
          throw notConnected()
        },
        onAccountsChanged: () => () => {},
        onChainChanged: () => () => {},
        onDisconnect: () => () => {},
      },
    ]
  })
}

function showInterstitial(foyer: Foyer, params: OpenWalletParams): Promise<never> {
  if (foyer.$modal.peek().open) foyer.modal.push(OPEN_SCREEN, params)
  else foyer.modal.open({ intent: null, screen: OPEN_SCREEN, params })
  return new Promise<never>((_, reject) => {
    const stop = foyer.$modal.subscribe((modal) => {
      if (modal.open && modal.stack.some((entry) => entry.params === params)) return
      queueMicrotask(() => stop())
      reject(new UserRejectedRequestError())
    })
  })
}
