import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import type { ConnectorSource } from '../../core/client/wallets/types.js'
import { offersMobileWallets } from './deepLinks.js'
import type { MobileConnectorOptions } from './mobileConnectors.js'

/** Options of the mobile-wallets connector plugin. */
export interface MobileWalletsPluginOptions extends MobileConnectorOptions {
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
  /** Test seam: whether this browser gets mobile wallets (default: a phone's browser outside any wallet app). */
  isMobile?: () => boolean
}

/** The mobile interstitial's English texts (spec §2: 'Continue', 'Still here?', 'Go to App Store'). */
export const mobileWalletsTexts = {
  'mobileWallets.title': 'Open {name}',
  'mobileWallets.subtitle': 'Continue in the {name} app to connect your wallet.',
  'mobileWallets.continue': 'Continue',
  'mobileWallets.stillHere': 'Still here?',
  'mobileWallets.notInstalled': "If {name} didn't open, you may need to install it first.",
  'mobileWallets.appStore': 'Go to App Store',
} as const

/**
 * Mobile wallet apps (`plugins={[mobileWallets()]}`): on a phone's browser (not inside a wallet's own
 * browser) about 50 known wallets are listed; picking one opens this page in that wallet's in-app
 * browser, where the injected connector connects. On desktop nothing is listed and the directory
 * never loads.
 */
export function mobileWallets(options: MobileWalletsPluginOptions = {}) {
  return definePlugin({
    id: 'mobile-wallets',
    kind: 'connector',
    connectors: (foyer: Foyer): ConnectorSource => ({
      discover(update) {
        const mobile = options.isMobile ?? (() => typeof window !== 'undefined' && offersMobileWallets(window as never))
        if (!mobile()) return () => {}
        let stop: (() => void) | null = null
        let stopped = false
        void import('./mobileConnectors.js').then(({ mobileConnectors }) => {
          // The list depends on appearance.walletChainType, known once the app config has loaded.
          if (!stopped) stop = foyer.$config.subscribe(() => update(mobileConnectors(foyer, options)))
        })
        return () => {
          stopped = true
          stop?.()
        }
      },
    }),
    screens: {
      open: { load: () => import('./screens/OpenWalletScreen.js'), title: 'mobileWallets.continue' },
    },
    texts: { ...mobileWalletsTexts, ...options.texts },
  })
}

export { MOBILE_WALLETS, OPEN_SCREEN } from './mobileWalletsExports.js'
export type { MobileWallet } from './directory.js'
export { openInWalletLink, storeLink, mobilePlatform, offersMobileWallets } from './deepLinks.js'
export type { OpenWalletParams } from './mobileConnectors.js'
export { STILL_HERE_DELAY_MS } from './screens/stillHere.js'
