/** The app entry's login flags the console toggles, with their labels (core/server/apps.ts's defaults). */
export const LOGIN_METHODS: readonly { key: string; label: string }[] = [
  { key: 'email_auth', label: 'E-mail code' },
  { key: 'sms_auth', label: 'SMS code' },
  { key: 'passkey', label: 'Passkey' },
  { key: 'wallet_auth', label: 'Ethereum wallet (SIWE)' },
  { key: 'solana_wallet_auth', label: 'Solana wallet (SIWS)' },
  { key: 'google', label: 'Google' },
  { key: 'apple', label: 'Apple' },
  { key: 'twitter', label: 'X (Twitter)' },
  { key: 'discord', label: 'Discord' },
  { key: 'github', label: 'GitHub' },
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'spotify', label: 'Spotify' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'tiktok', label: 'TikTok' },
  { key: 'line', label: 'LINE' },
  { key: 'farcaster', label: 'Farcaster' },
  { key: 'telegram', label: 'Telegram' },
]

/** The MFA methods an app may offer (its entry's mfa_methods). */
export const MFA_METHODS: readonly { key: string; label: string }[] = [
  { key: 'totp', label: 'Authenticator app (TOTP)' },
  { key: 'sms', label: 'SMS' },
  { key: 'passkey', label: 'Passkey' },
]
