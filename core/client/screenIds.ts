/**
 * The ui layer's screens (plugin id 'foyer'), as the kernel and plugins name them: one place, so a renamed screen
 * is a type error, not a string that no longer matches. ui/uiPlugin.ts registers them under these ids.
 */
export const uiScreens = {
  landing: 'foyer/landing',
  /** Shown instead of the landing screen while the app config could not be loaded. */
  unavailable: 'foyer/unavailable',
  error: 'foyer/error',
  success: 'foyer/success',
  allowlist: 'foyer/allowlist-rejected',
  accountNotFound: 'foyer/account-not-found',
  userLimit: 'foyer/user-limit',
  loginFailed: 'foyer/login-failed',
  inAppBrowser: 'foyer/in-app-browser',
  accountTransfer: 'foyer/account-transfer',
  accountTransferAssets: 'foyer/account-transfer-assets',
  walletList: 'foyer/wallet-list',
  walletConnect: 'foyer/wallet-connect',
  walletInstall: 'foyer/wallet-install',
} as const

/** A ui screen's id. */
export type UiScreenId = (typeof uiScreens)[keyof typeof uiScreens]
