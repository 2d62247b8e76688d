// Privy's user and linked-account types (`@privy-io/react-auth` 3.x), field for field, so a ported app's reads of
// `user.phone.number`, `account.subject` or `farcaster.fid` type-check as they did. `toPrivyUser` fills them from
// Foyer's user (dates from epoch seconds, absent nullable fields as null).
import type { SmartWalletType } from '../smart-wallets/index.js'

/** Privy's MFA method names (Foyer's mfa-totp, mfa-sms and mfa-passkey plugins). */
export type MfaMethod = 'sms' | 'totp' | 'passkey'
/** A custom OAuth provider's id (`privy:…`): Foyer has none, kept for type compatibility. */
export type CustomOAuthProviderID = `privy:${string}`
/** Privy's OAuth provider ids (Foyer's oauth plugin has all but `line` and `twitch`). */
export type OAuthProviderType = 'google' | 'discord' | 'twitter' | 'github' | 'spotify' | 'instagram' | 'tiktok' | 'line' | 'twitch' | 'linkedin' | 'apple' | CustomOAuthProviderID
/** Privy's login method names (what `loginMethod` reports). */
export type LoginMethod = 'email' | 'sms' | 'siwe' | 'siws' | 'farcaster' | OAuthProviderType | 'passkey' | 'telegram' | 'custom' | 'guest'

/** Every linked-account type. */
export type LinkedAccountType =
  | 'wallet' | 'smart_wallet' | 'email' | 'phone' | 'google_oauth' | 'twitter_oauth' | 'discord_oauth' | 'github_oauth'
  | 'spotify_oauth' | 'instagram_oauth' | 'tiktok_oauth' | 'line_oauth' | 'twitch_oauth' | 'linkedin_oauth' | 'apple_oauth'
  | 'custom_auth' | 'farcaster' | 'passkey' | 'telegram' | 'cross_app' | 'authorization_key' | CustomOAuthProviderID | 'guest'

/** When an account was linked and last used. */
export interface LinkMetadata {
  type: LinkedAccountType
  firstVerifiedAt: Date | null
  latestVerifiedAt: Date | null
}

export interface Email { address: string }
export interface Phone { number: string }
/** A wallet of the user (an embedded one: walletClientType 'privy'). */
export interface Wallet {
  id?: string | null
  address: string
  chainType: 'ethereum' | 'solana'
  walletClientType?: string
  connectorType?: string
  recoveryMethod?: 'privy' | 'user-passcode' | 'google-drive' | 'icloud' | 'privy-v2'
  imported: boolean
  delegated: boolean
  walletIndex: number | null
  publicKey?: string
}
/** A smart wallet's kind: Privy's, and Foyer's own 'simple' (its SimpleAccount). */
export type PrivySmartWalletType = 'safe' | 'kernel' | 'light_account' | 'biconomy' | 'thirdweb' | 'coinbase_smart_wallet' | SmartWalletType
export interface SmartWallet { address: string; smartWalletType: PrivySmartWalletType; smartWalletVersion?: string }
export interface Google { subject: string; email: string; name: string | null }
export interface Twitter { subject: string; username: string | null; name: string | null; profilePictureUrl: string | null }
export interface Discord { subject: string; username: string | null; email: string | null }
export interface Github { subject: string; username: string | null; name: string | null; email: string | null }
export interface Spotify { subject: string; email: string | null; name: string | null }
export interface Instagram { subject: string; username: string | null }
export interface Tiktok { subject: string; username: string | null; name: string | null }
export interface Line { subject: string; name: string | null; email: string | null; profilePictureUrl: string | null }
export interface Twitch { subject: string; username: string | null }
export interface LinkedIn { subject: string; name: string | null; email: string | null; vanityName: string | null }
export interface Apple { subject: string; email: string }
export interface CustomOAuth { subject: string; name: string | null; username: string | null; email: string | null; profilePictureUrl: string | null }
export interface CustomJwtAccount { customUserId: string }
export interface Farcaster {
  fid: number | null
  ownerAddress: string
  username: string | null
  displayName: string | null
  bio: string | null
  pfp: string | null
  url: string | null
  signerPublicKey: string | null
}
export interface Telegram { telegramUserId: string; firstName: string | null; lastName: string | null; username: string | null; photoUrl: string | null }
export interface Passkey {
  credentialId: string
  publicKey?: string
  enrolledInMfa: boolean
  authenticatorName?: string
  createdWithDevice?: string
  createdWithOs?: string
  createdWithBrowser?: string
}
export interface CrossAppAccount {
  embeddedWallets: { address: string }[]
  smartWallets: { address: string }[]
  providerApp: { id: string; name?: string; logoUrl?: string }
  subject: string
}

export interface EmailWithMetadata extends LinkMetadata, Email { type: 'email' }
export interface PhoneWithMetadata extends LinkMetadata, Phone { type: 'phone' }
export interface WalletWithMetadata extends LinkMetadata, Wallet { type: 'wallet' }
export interface SmartWalletWithMetadata extends LinkMetadata, SmartWallet { type: 'smart_wallet' }
export interface GoogleOAuthWithMetadata extends LinkMetadata, Google { type: 'google_oauth' }
export interface TwitterOAuthWithMetadata extends LinkMetadata, Twitter { type: 'twitter_oauth' }
export interface DiscordOAuthWithMetadata extends LinkMetadata, Discord { type: 'discord_oauth' }
export interface GithubOAuthWithMetadata extends LinkMetadata, Github { type: 'github_oauth' }
export interface SpotifyOAuthWithMetadata extends LinkMetadata, Spotify { type: 'spotify_oauth' }
export interface InstagramOAuthWithMetadata extends LinkMetadata, Instagram { type: 'instagram_oauth' }
export interface TiktokOAuthWithMetadata extends LinkMetadata, Tiktok { type: 'tiktok_oauth' }
export interface LineOAuthWithMetadata extends LinkMetadata, Line { type: 'line_oauth' }
export interface TwitchOAuthWithMetadata extends LinkMetadata, Twitch { type: 'twitch_oauth' }
export interface LinkedInOAuthWithMetadata extends LinkMetadata, LinkedIn { type: 'linkedin_oauth' }
export interface AppleOAuthWithMetadata extends LinkMetadata, Apple { type: 'apple_oauth' }
export interface CustomOAuthWithMetadata extends LinkMetadata, CustomOAuth { type: CustomOAuthProviderID }
export interface CustomJwtAccountWithMetadata extends LinkMetadata, CustomJwtAccount { type: 'custom_auth' }
export interface FarcasterWithMetadata extends LinkMetadata, Farcaster { type: 'farcaster' }
export interface PasskeyWithMetadata extends LinkMetadata, Passkey { type: 'passkey' }
export interface TelegramWithMetadata extends LinkMetadata, Telegram { type: 'telegram' }
export interface CrossAppAccountWithMetadata extends LinkMetadata, CrossAppAccount { type: 'cross_app' }

/** One of the user's linked accounts, narrowed by `type`. */
export type LinkedAccountWithMetadata =
  | WalletWithMetadata | SmartWalletWithMetadata | EmailWithMetadata | PhoneWithMetadata | GoogleOAuthWithMetadata
  | TwitterOAuthWithMetadata | DiscordOAuthWithMetadata | GithubOAuthWithMetadata | SpotifyOAuthWithMetadata
  | InstagramOAuthWithMetadata | TiktokOAuthWithMetadata | LineOAuthWithMetadata | TwitchOAuthWithMetadata
  | LinkedInOAuthWithMetadata | AppleOAuthWithMetadata | CustomOAuthWithMetadata | CustomJwtAccountWithMetadata
  | FarcasterWithMetadata | PasskeyWithMetadata | TelegramWithMetadata | CrossAppAccountWithMetadata

/** Privy's user: `createdAt` a Date, one convenience field per account type, the linked accounts. */
export interface User {
  id: string
  createdAt: Date
  email?: Email
  phone?: Phone
  wallet?: Wallet
  smartWallet?: SmartWallet
  google?: Google
  twitter?: Twitter
  discord?: Discord
  github?: Github
  spotify?: Spotify
  instagram?: Instagram
  tiktok?: Tiktok
  line?: Line
  twitch?: Twitch
  linkedin?: LinkedIn
  apple?: Apple
  farcaster?: Farcaster
  telegram?: Telegram
  linkedAccounts: Array<LinkedAccountWithMetadata>
  mfaMethods: Array<MfaMethod>
  hasAcceptedTerms: boolean
  isGuest: boolean
  customMetadata?: Record<string, string | number | boolean>
}
