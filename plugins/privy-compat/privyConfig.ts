import type { ReactElement } from 'react'
import type { FoyerClientConfig } from '../../core/client/types.js'
import type { SupportedChain } from '../../core/client/wallets/supportedChain.js'
import type { WalletChainType, WalletListEntry } from './privyRequestTypes.js'
import type { SolanaWalletConnectorsConfig } from './toSolanaWalletConnectors.js'

export type NonEmptyArray<T> = [T, ...T[]]
export type HexColor = `#${string}`
/** A login method name of `config.loginMethods`. */
export type PrivyLoginMethodName =
  | 'wallet' | 'email' | 'sms' | 'google' | 'twitter' | 'discord' | 'github' | 'linkedin' | 'spotify' | 'instagram' | 'tiktok'
  | 'line' | 'twitch' | 'apple' | 'farcaster' | 'telegram' | 'passkey' | `privy:${string}`
/** An entry of `loginMethodsAndOrder`. */
export type LoginMethodOrderOption = 'email' | 'sms' | WalletListEntry | PrivyLoginMethodName | `privy:${string}` | 'farcaster' | 'telegram'
/** When a login creates an embedded wallet. */
export type EmbeddedWalletCreateOnLoginConfig = 'users-without-wallets' | 'all-users' | 'off'
/** How transaction screens show amounts. */
export type PriceDisplayOptions = { primary: 'fiat-currency'; secondary: 'native-token' } | { primary: 'native-token'; secondary: null }
/** Text overrides (Foyer's i18n keys; Privy's own keys are not Foyer's). */
export type PrivyI18nStrings = Record<string, string>

/** Privy's client config: the keys Foyer reads are mapped by toFoyerConfig; the others are accepted and ignored. */
export interface PrivyClientConfig {
  appearance?: {
    theme?: 'light' | 'dark' | HexColor
    accentColor?: HexColor
    /** A URL (a React element is not drawn: Foyer's modal takes an image URL). */
    logo?: string | ReactElement
    emailDomain?: string
    landingHeader?: string
    loginMessage?: string
    showWalletLoginFirst?: boolean
    walletList?: WalletListEntry[]
    walletChainType?: WalletChainType
  }
  loginMethods?: Array<PrivyLoginMethodName>
  loginMethodsAndOrder?: { primary: NonEmptyArray<LoginMethodOrderOption>; overflow?: Array<LoginMethodOrderOption> }
  intl?: { defaultCountry: string; textLocalization?: Partial<PrivyI18nStrings> }
  customAuth?: { enabled?: boolean; getCustomAccessToken: () => Promise<string | undefined>; isLoading: boolean }
  legal?: { termsAndConditionsUrl?: string | null; privacyPolicyUrl?: string | null }
  walletConnectCloudProjectId?: string
  /** Privy's SDK plugins (data suffix, cross-tab sync…): ignored; Foyer's plugins go in the provider's `plugins`. */
  plugins?: Array<unknown>
  scriptNonce?: string
  customOAuthRedirectUrl?: string
  allowOAuthInEmbeddedBrowsers?: boolean
  supportedChains?: SupportedChain[]
  defaultChain?: SupportedChain
  captchaEnabled?: boolean
  externalWallets?: {
    coinbaseWallet?: { config?: Record<string, unknown> }
    baseAccount?: { config?: Record<string, unknown> }
    signatureRequestTimeouts?: { [key in string]?: number }
    walletConnect?: { enabled: boolean }
    solana?: { connectors?: SolanaWalletConnectorsConfig }
    disableAllExternalWallets?: boolean
  }
  embeddedWallets?: {
    ethereum?: { createOnLogin?: EmbeddedWalletCreateOnLoginConfig }
    solana?: { createOnLogin?: EmbeddedWalletCreateOnLoginConfig }
    disableAutomaticMigration?: boolean
    showWalletUIs?: boolean
    priceDisplay?: PriceDisplayOptions
    extendedCalldataDecoding?: boolean
  }
  mfa?: { noPromptOnMfaRequired?: boolean }
  passkeys?: { shouldUnlinkOnUnenrollMfa?: boolean; shouldUnenrollMfaOnUnlink?: boolean; registration?: Record<string, unknown> }
  fundingMethodConfig?: { moonpay: { useSandbox?: boolean; paymentMethod?: string; uiConfig?: Record<string, unknown> } }
  /** @solana/kit RPCs per cluster: ignored (Foyer's clusters are `embeddedWallet({ solana: { clusters } })`). */
  solana?: { rpcs?: Partial<Record<string, { rpc: unknown; rpcSubscriptions: unknown; blockExplorerUrl?: string }>> }
  /** Privy's cookie mirror of its tokens: not read (Foyer's session cookies are the server's). */
  sessions?: { cookieWriteBehavior?: string }
}

/** Whether the config asks for Solana: a Solana wallet list, Solana connectors, a Solana embedded wallet or Solana RPCs. */
export function solanaConfigured(config: PrivyClientConfig): boolean {
  const chains = config.appearance?.walletChainType
  return (
    chains === 'solana-only' ||
    chains === 'ethereum-and-solana' ||
    !!config.externalWallets?.solana?.connectors ||
    (config.embeddedWallets?.solana?.createOnLogin ?? 'off') !== 'off' ||
    !!config.solana?.rpcs
  )
}

/** Privy's theme: light or dark, or a background colour (its luminance picks Foyer's light or dark theme). */
function themeOf(theme: NonNullable<PrivyClientConfig['appearance']>['theme']): 'light' | 'dark' | undefined {
  if (theme === undefined || theme === 'light' || theme === 'dark') return theme
  const hex = theme.slice(1)
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6)
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5 ? 'dark' : 'light'
}

/** Privy's login-method names as Foyer's (`wallet` is SIWE, and SIWS too when Solana is configured; `privy:…` cross-app logins have no landing entry here: useCrossAppAccounts). */
export function toFoyerLoginMethods(methods: readonly string[], solana: boolean): string[] {
  return methods.flatMap((m) => (m === 'wallet' ? (solana ? ['wallet', 'solana_wallet'] : ['wallet']) : m.startsWith('privy:') ? [] : [m]))
}

/** Privy's client config as Foyer's (`appearance`, `loginMethods`, `intl`, `legal`, chains, captcha, wallets). */
export function toFoyerConfig(config: PrivyClientConfig): FoyerClientConfig {
  const { appearance, loginMethods, loginMethodsAndOrder, intl, legal } = config
  const solana = solanaConfigured(config)
  const theme = themeOf(appearance?.theme)
  const out: FoyerClientConfig = {}
  if (appearance) {
    out.appearance = {
      ...(theme ? { theme } : {}),
      ...(appearance.accentColor ? { accentColor: appearance.accentColor } : {}),
      ...(typeof appearance.logo === 'string' ? { logo: appearance.logo } : {}),
      ...(appearance.landingHeader !== undefined ? { landingHeader: appearance.landingHeader } : {}),
      ...(appearance.loginMessage !== undefined ? { loginMessage: appearance.loginMessage } : {}),
      ...(appearance.showWalletLoginFirst !== undefined ? { showWalletLoginFirst: appearance.showWalletLoginFirst } : {}),
      ...(appearance.walletList ? { walletList: appearance.walletList } : {}),
      ...(appearance.walletChainType ? { walletChainType: appearance.walletChainType } : {}),
    }
  }
  if (loginMethods) out.loginMethods = toFoyerLoginMethods(loginMethods, solana)
  if (loginMethodsAndOrder) {
    out.loginMethodsAndOrder = {
      primary: toFoyerLoginMethods(loginMethodsAndOrder.primary, solana),
      ...(loginMethodsAndOrder.overflow ? { overflow: toFoyerLoginMethods(loginMethodsAndOrder.overflow, solana) } : {}),
    }
  }
  if (intl) out.intl = { defaultCountry: intl.defaultCountry, ...(intl.textLocalization ? { textLocalization: intl.textLocalization as Record<string, string> } : {}) }
  if (legal) {
    out.legal = {
      ...(legal.termsAndConditionsUrl ? { termsAndConditionsUrl: legal.termsAndConditionsUrl } : {}),
      ...(legal.privacyPolicyUrl ? { privacyPolicyUrl: legal.privacyPolicyUrl } : {}),
    }
  }
  if (config.supportedChains) out.supportedChains = config.supportedChains
  if (config.defaultChain) out.defaultChain = config.defaultChain
  if (config.captchaEnabled !== undefined) out.captchaEnabled = config.captchaEnabled
  if (config.externalWallets?.walletConnect) out.externalWallets = { walletConnect: { enabled: config.externalWallets.walletConnect.enabled } }
  return out
}
