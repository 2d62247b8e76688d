import { definePlugin } from '../core/client/plugin.js'

/**
 * The ui layer's own screens: landing, error, success and the failure screens the kernel's
 * modal controller routes errors to. Every one is a lazy chunk.
 */
export const uiPlugin = definePlugin({
  id: 'foyer',
  kind: 'feature',
  screens: {
    // Its views (overflow, wallets, socials) are the landing pushed again with { view }: the header's back arrow pops them.
    landing: { load: () => import('./screens/LandingScreen.js'), title: 'landing.header' },
    error: { load: () => import('./screens/ErrorScreen.js') },
    unavailable: { load: () => import('./screens/UnavailableScreen.js'), title: 'unavailable.title', back: false },
    success: { load: () => import('./screens/SuccessScreen.js'), back: false },
    'allowlist-rejected': { load: () => import('./screens/FailureScreens.js').then((m) => ({ default: m.AllowlistRejectedScreen })) },
    'account-not-found': { load: () => import('./screens/FailureScreens.js').then((m) => ({ default: m.AccountNotFoundScreen })) },
    'user-limit': { load: () => import('./screens/FailureScreens.js').then((m) => ({ default: m.UserLimitScreen })) },
    'login-failed': { load: () => import('./screens/FailureScreens.js').then((m) => ({ default: m.LoginFailedScreen })) },
    'in-app-browser': { load: () => import('./screens/FailureScreens.js').then((m) => ({ default: m.InAppBrowserScreen })) },
    'account-transfer': { load: () => import('./screens/AccountTransferScreen.js') },
    'account-transfer-assets': { load: () => import('./screens/AccountTransferAssetsScreen.js'), title: 'accountTransfer.assets.title' },
    'wallet-list': { load: () => import('./wallets/WalletListScreen.js'), title: 'wallet.list.title' },
    'wallet-connect': { load: () => import('./wallets/WalletConnectScreen.js') },
    'wallet-install': { load: () => import('./wallets/WalletInstallScreen.js') },
  },
})
