/** A wallet the injected plugin names: its EIP-6963 rdns, display name and where to get it. */
export interface NamedInjectedWallet {
  walletClientType: string
  rdns: string
  name: string
  /** Set for browser-extension wallets the list can offer when they aren't installed. */
  installUrl?: string
}

/** EIP-6963 rdns → the spec's supported wallet ids. Wallets outside the spec's list keep their rdns. */
const RDNS_TO_ID: Readonly<Record<string, string>> = {
  'io.metamask': 'metamask',
  'io.metamask.flask': 'metamask',
  'io.metamask.mobile': 'metamask',
  'com.coinbase.wallet': 'coinbase_wallet',
  'io.rabby': 'rabby_wallet',
  'app.phantom': 'phantom',
  'me.rainbow': 'rainbow',
  'io.zerion.wallet': 'zerion',
  'com.brave.wallet': 'brave_wallet',
  'com.okex.wallet': 'okx_wallet',
  'com.crypto.wallet': 'cryptocom',
  'org.uniswap': 'uniswap',
  'org.uniswap.app': 'uniswap',
  'com.bybit': 'bybit_wallet',
  'global.safe': 'safe',
  'io.universaleverything.universalprofiles': 'universal_profile',
}

/** The walletClientType of an announced provider: the spec's id where the rdns maps to one, else the rdns. */
export function walletClientTypeOf(rdns: string): string {
  return RDNS_TO_ID[rdns] ?? rdns
}

/**
 * Browser-extension wallets of the spec's list, shown as not installed (with their install page)
 * until they announce themselves. Coinbase and WalletConnect connect through their own plugins.
 */
export const NAMED_INJECTED_WALLETS: readonly NamedInjectedWallet[] = [
  { walletClientType: 'metamask', rdns: 'io.metamask', name: 'MetaMask', installUrl: 'https://metamask.io/download/' },
  { walletClientType: 'rabby_wallet', rdns: 'io.rabby', name: 'Rabby Wallet', installUrl: 'https://rabby.io/' },
  { walletClientType: 'phantom', rdns: 'app.phantom', name: 'Phantom', installUrl: 'https://phantom.app/download' },
  { walletClientType: 'rainbow', rdns: 'me.rainbow', name: 'Rainbow', installUrl: 'https://rainbow.me/extension' },
  { walletClientType: 'zerion', rdns: 'io.zerion.wallet', name: 'Zerion', installUrl: 'https://zerion.io/extension' },
  { walletClientType: 'brave_wallet', rdns: 'com.brave.wallet', name: 'Brave Wallet', installUrl: 'https://brave.com/wallet/' },
  { walletClientType: 'okx_wallet', rdns: 'com.okex.wallet', name: 'OKX Wallet', installUrl: 'https://www.okx.com/web3' },
  { walletClientType: 'cryptocom', rdns: 'com.crypto.wallet', name: 'Crypto.com Onchain', installUrl: 'https://crypto.com/onchain' },
  { walletClientType: 'uniswap', rdns: 'org.uniswap.app', name: 'Uniswap Extension', installUrl: 'https://wallet.uniswap.org/' },
  { walletClientType: 'bybit_wallet', rdns: 'com.bybit', name: 'Bybit Wallet', installUrl: 'https://www.bybit.com/web3/home' },
]

/** The legacy `window.ethereum` flags → the spec's ids (for the one provider that didn't announce). */
export function legacyWalletClientType(provider: Record<string, unknown>): { walletClientType: string; name: string } {
  if (provider.isRabby) return { walletClientType: 'rabby_wallet', name: 'Rabby Wallet' }
  if (provider.isBraveWallet) return { walletClientType: 'brave_wallet', name: 'Brave Wallet' }
  if (provider.isCoinbaseWallet) return { walletClientType: 'coinbase_wallet', name: 'Coinbase Wallet' }
  if (provider.isPhantom) return { walletClientType: 'phantom', name: 'Phantom' }
  if (provider.isRainbow) return { walletClientType: 'rainbow', name: 'Rainbow' }
  if (provider.isZerion) return { walletClientType: 'zerion', name: 'Zerion' }
  if (provider.isOkxWallet || provider.isOKExWallet) return { walletClientType: 'okx_wallet', name: 'OKX Wallet' }
  if (provider.isMetaMask) return { walletClientType: 'metamask', name: 'MetaMask' }
  return { walletClientType: 'unknown', name: 'Browser Wallet' }
}
