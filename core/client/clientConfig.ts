import type { ServerAppConfig } from '../protocol/index.js'
import type { SupportedChain } from './wallets/supportedChain.js'

/** Client config. Keys follow Privy's where they exist so hosts can move over. */
export interface FoyerClientConfig {
  name?: string
  appearance?: {
    theme?: 'light' | 'dark'
    accentColor?: string
    logo?: string
    landingHeader?: string
    loginMessage?: string
    showWalletLoginFirst?: boolean
    walletList?: string[]
    walletChainType?: 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'
    loginGroupPriority?: 'web2-first' | 'web3-first'
    hideDirectWeb2Inputs?: boolean
  }
  /** Login methods to show, in order (names from each plugin's `meta.loginMethod`). */
  loginMethods?: string[]
  loginMethodsAndOrder?: { primary: string[]; overflow?: string[] }
  intl?: { defaultCountry?: string; textLocalization?: Record<string, string> }
  legal?: { termsAndConditionsUrl?: string; privacyPolicyUrl?: string; requireUsersAcceptTerms?: boolean }
  disablePlusEmails?: boolean
  allowlistConfig?: { errorTitle?: string; errorDetail?: string; errorCtaText?: string; errorCtaLink?: string }
  captchaEnabled?: boolean
  /** EVM chains the app supports (viem Chain objects); a wallet on another chain is switched. */
  supportedChains?: readonly SupportedChain[]
  /** The chain wallets are switched to when theirs isn't supported. Default: the first supported. */
  defaultChain?: SupportedChain
  externalWallets?: { walletConnect?: { enabled?: boolean }; [connector: string]: unknown }
  /** Milliseconds one API request may take before it fails with 'Timed out'. Default 15 000. */
  apiTimeoutMs?: number
  /** Milliseconds the success screen stays before the modal closes. Default 1000. */
  successDelayMs?: number
  [other: string]: unknown
}

/** Server app config merged with the client config: what screens read. */
export interface ResolvedConfig {
  appId: string
  name: string
  logo: string | null
  accentColor: string | null
  theme: 'light' | 'dark'
  landingHeader: string | null
  loginMessage: string | null
  layout: 'web2-first' | 'web3-first'
  /** Enabled login-method names in display order; `overflow` are behind 'More options'. */
  loginMethods: string[]
  overflowMethods: string[]
  disablePlusEmails: boolean
  legal: { termsAndConditionsUrl: string | null; privacyPolicyUrl: string | null; requireUsersAcceptTerms: boolean }
  allowlist: { errorTitle: string | null; errorDetail: string | null; errorCtaText: string | null; errorCtaLink: string | null }
  intl: { defaultCountry: string; textLocalization: Record<string, string> }
  captcha: { enabled: boolean; siteKey: string | null }
  successDelayMs: number
  server: ServerAppConfig
  client: FoyerClientConfig
}
