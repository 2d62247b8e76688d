/** A capability the example's plugins have that needs an outside account: what turns it on, exactly. */
export interface NeedsConfiguration {
  name: string
  /** Login methods that show once it is configured (empty: not a login method). */
  methods: string[]
  /** The settings to add: a section of the dev app (FOYER_DEV_APP, JSON) or environment variables of the server. */
  settings: string
}

const capabilities: NeedsConfiguration[] = [
  {
    name: 'Google, GitHub, Apple, Discord, X… (OAuth)',
    methods: ['google', 'github', 'apple', 'discord', 'twitter', 'linkedin', 'spotify', 'instagram', 'tiktok', 'line'],
    settings: 'FOYER_DEV_APP=\'{"oauth":{"google":{"client_id":"…","client_secret":"…"},"redirect_urls":["http://localhost:5173/"]}}\' and FOYER_PUBLIC_URL=http://localhost:8787 (register …/api/v1/oauth/callback with the provider)',
  },
  { name: 'Telegram', methods: ['telegram'], settings: 'FOYER_DEV_APP=\'{"telegram":{"bot_token":"…","bot_name":"…"}}\' (a bot from @BotFather, its domain set to this page)' },
  { name: 'Farcaster', methods: ['farcaster'], settings: 'FOYER_DEV_APP=\'{"farcaster":{"rpc_url":"https://<an Optimism RPC>"}}\'' },
  { name: 'Custom JWT (your own auth)', methods: ['custom_jwt', 'custom-jwt'], settings: 'FOYER_DEV_APP=\'{"custom-jwt":{"jwks_url":"…","algorithms":["RS256"],"issuer":"…","audience":"…"}}\'' },
  { name: 'Moonpay (buy crypto)', methods: [], settings: 'FOYER_MOONPAY_SANDBOX_API_KEY and FOYER_MOONPAY_SANDBOX_SECRET_KEY (or the live pair FOYER_MOONPAY_API_KEY / FOYER_MOONPAY_SECRET_KEY)' },
  { name: 'Coinbase Onramp', methods: [], settings: 'FOYER_COINBASE_CDP_KEY_NAME, FOYER_COINBASE_CDP_PRIVATE_KEY and FOYER_COINBASE_PROJECT_ID, and "coinbase-onramp" in the funding methods' },
  { name: 'Wallet recovery with Google Drive', methods: [], settings: 'FOYER_RECOVERY_GOOGLE_CLIENT_ID and FOYER_RECOVERY_GOOGLE_CLIENT_SECRET (redirect URI http://localhost:8788/recovery/oauth/callback)' },
  { name: 'Wallet recovery with iCloud', methods: [], settings: 'FOYER_RECOVERY_ICLOUD_CONTAINER and FOYER_RECOVERY_ICLOUD_API_TOKEN (a CloudKit container and its web token)' },
]

/** Smart wallets need a bundler: npm start's local stack brings one; without it, this row. */
const smartWallets: NeedsConfiguration = {
  name: 'Smart wallets (ERC-4337)',
  methods: [],
  settings: 'FOYER_SMART_WALLET_BUNDLER_URL, FOYER_SMART_WALLET_CHAIN_ID and FOYER_SMART_WALLET_FACTORY (a SimpleAccountFactory v0.7), or npm start with its local stack',
}

/**
 * What the page lists under 'Needs configuration': every capability that needs an outside account, except login methods
 * the server already has on. Never hidden silently, never faked: each row says exactly what to set.
 */
export function needsConfiguration(enabledMethods: readonly string[], { localStack = false }: { localStack?: boolean } = {}): NeedsConfiguration[] {
  const on = new Set(enabledMethods)
  return [...capabilities, ...(localStack ? [] : [smartWallets])].filter((c) => !c.methods.length || !c.methods.some((m) => on.has(m)))
}
