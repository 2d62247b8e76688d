import * as v from 'valibot'

/** The app config GET /api/v1/apps/{appId} returns (the spec's server app config fields). */
export const ServerAppConfigSchema = v.looseObject({
  id: v.string(),
  name: v.string(),
  verification_key: v.string(),
  logo_url: v.nullable(v.string()),
  accent_color: v.nullable(v.string()),
  show_wallet_login_first: v.boolean(),
  allowlist_config: v.object({
    error_title: v.nullable(v.string()),
    error_detail: v.nullable(v.string()),
    cta_text: v.nullable(v.string()),
    cta_link: v.nullable(v.string()),
  }),
  wallet_auth: v.boolean(),
  solana_wallet_auth: v.boolean(),
  email_auth: v.boolean(),
  sms_auth: v.boolean(),
  google: v.boolean(),
  twitter: v.boolean(),
  discord: v.boolean(),
  github: v.boolean(),
  spotify: v.boolean(),
  instagram: v.boolean(),
  tiktok: v.boolean(),
  linkedin: v.boolean(),
  apple: v.boolean(),
  // Not in the spec's config (Privy added LINE later): optional, so a config without it still parses.
  line: v.optional(v.boolean(), false),
  farcaster: v.boolean(),
  passkey: v.boolean(),
  telegram: v.boolean(),
  disable_plus_emails: v.boolean(),
  terms_and_conditions_url: v.nullable(v.string()),
  privacy_policy_url: v.nullable(v.string()),
  require_users_accept_terms: v.boolean(),
  custom_api_url: v.nullable(v.string()),
  wallet_connect_cloud_project_id: v.nullable(v.string()),
  fiat_on_ramp_enabled: v.boolean(),
  captcha_enabled: v.boolean(),
  captcha_site_key: v.nullable(v.string()),
  /** The server keeps this app's tokens in HttpOnly cookies (its `session_cookies` setting); optional for older servers. */
  session_cookies_enabled: v.optional(v.boolean()),
  created_at: v.number(),
  updated_at: v.number(),
  mfa_methods: v.array(v.string()),
  /**
   * How long an MFA verification lets its session through, in seconds (the server's `mfaWindowSeconds`, 1..900): the
   * client names it after an enrolment. Optional for older servers, which kept the default 900.
   */
  mfa_window_seconds: v.optional(v.pipe(v.number(), v.integer('mfa_window_seconds: must be a whole number of seconds'), v.minValue(1, 'mfa_window_seconds: must be at least 1'))),
  enforce_wallet_uis: v.boolean(),
  legacy_wallet_ui_config: v.boolean(),
  embedded_wallet_config: v.object({
    create_on_login: v.picklist(['off', 'users-without-wallets', 'all-users']),
    user_owned_recovery_options: v.array(v.string()),
    require_user_owned_recovery_on_create: v.boolean(),
  }),
  /** The embedded-wallet frame's origin (the server's `walletOrigin`) for apps with embedded wallets; absent otherwise. */
  embedded_wallet_origin: v.optional(v.nullable(v.string())),
  telegram_auth_config: v.nullable(
    v.object({ bot_id: v.string(), bot_name: v.string(), link_enabled: v.boolean(), seamless_auth_enabled: v.boolean() }),
  ),
  funding_config: v.nullable(
    v.object({
      methods: v.array(v.string()),
      default_recommended_amount: v.string(),
      default_recommended_currency: v.object({ chain: v.string(), asset: v.optional(v.string()) }),
      prompt_funding_on_wallet_creation: v.boolean(),
      cross_chain_bridging_enabled: v.boolean(),
    }),
  ),
})
export type ServerAppConfig = v.InferOutput<typeof ServerAppConfigSchema>

/** Login-method flags of the server app config. */
export const loginMethodFlags = [
  'wallet_auth', 'solana_wallet_auth', 'email_auth', 'sms_auth', 'google', 'twitter', 'discord', 'github',
  'spotify', 'instagram', 'tiktok', 'linkedin', 'apple', 'line', 'farcaster', 'passkey', 'telegram',
] as const
export type LoginMethodFlag = (typeof loginMethodFlags)[number]
