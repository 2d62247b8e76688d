import type { MobileWallet } from './directory.js'

/**
 * The link that opens `pageUrl` in the wallet: its in-app browser link when the wallet documents one
 * (the injected connector then takes over inside the wallet), else its universal, else its native link.
 */
export function openInWalletLink(wallet: MobileWallet, pageUrl: string): string {
  const url = new URL(pageUrl)
  if (wallet.browse) {
    const values: Record<string, string> = {
      url: encodeURIComponent(url.href),
      hostpath: `${url.host}${url.pathname}${url.search}${url.hash}`,
      ref: encodeURIComponent(url.origin),
      json: encodeURIComponent(JSON.stringify({ url: url.href })),
    }
    return wallet.browse.replace(/\{(url|hostpath|ref|json)\}/g, (_, key: string) => values[key]!)
  }
  return wallet.universalLink ?? wallet.nativeLink ?? `https://${wallet.host}`
}

/** The platform of a phone's user agent (null on desktop). */
export function mobilePlatform(userAgent: string): 'ios' | 'android' | null {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios'
  if (/Android/i.test(userAgent)) return 'android'
  return /Mobile/i.test(userAgent) ? 'android' : null
}

/** Where 'Go to App Store' leads: the wallet's store page for the platform, else a store search. */
export function storeLink(wallet: MobileWallet, platform: 'ios' | 'android'): string {
  if (platform === 'ios') return wallet.appStoreUrl ?? `https://apps.apple.com/search?term=${encodeURIComponent(wallet.name)}`
  return wallet.playStoreUrl ?? `https://play.google.com/store/search?q=${encodeURIComponent(wallet.name)}&c=apps`
}

// Wallet in-app browsers mark their user agent or inject a provider; the page is then already "in the app".
const IN_APP_BROWSER = /MetaMaskMobile|Trust|CoinbaseWallet|CoinbaseBrowser|Rainbow|Zerion|Phantom|OKApp|BitKeep|Bitget|TokenPocket|imToken|SafePal|Solflare|Backpack|Uniswap|Exodus|Bybit/i

/** True on a phone's ordinary browser: the case where mobile wallets are offered. */
export function offersMobileWallets(win: { navigator: { userAgent: string } } & Record<string, unknown>): boolean {
  const ua = win.navigator.userAgent
  if (!mobilePlatform(ua) || IN_APP_BROWSER.test(ua)) return false
  return !win.ethereum && !win.solana && !win.phantom
}
