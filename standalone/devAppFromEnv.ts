/**
 * The dev app `npx foyer start` (and `npm start` in the repository) serves: the login methods that work on a laptop with
 * no outside services, read from `env`. FOYER_DEV_APP (JSON) adds or overrides fields, e.g. an OAuth provider section
 * pointing at a test stand-in. Only a dev server (NODE_ENV other than production) has a dev app.
 */
export function devAppFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  return {
    email_auth: true,
    // SMS codes land in the dev outbox unless TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN / TWILIO_FROM are set.
    sms_auth: true,
    guest: true,
    // Passkeys work on localhost: the relying party is the page's host, which WebAuthn allows over http there.
    passkey: true,
    // Sign In With Solana needs only a browser wallet (Phantom, Solflare, Backpack, ...): the server checks ed25519 signatures itself.
    solana_wallet_auth: true,
    // Sign-In With Ethereum needs only a browser wallet: EOA signatures are checked offline. For contract
    // wallets (ERC-1271) add a "siwe" section: { "chains": { "<chainId>": { "rpc_url": "..." } } }.
    wallet_auth: true,
    // Embedded wallets: the frame calls the API from FOYER_WALLET_ORIGIN; the wallet keys (FOYER_WALLET_KEK,
    // FOYER_RECOVERY_KEK) are generated into the data folder in dev and required in production.
    // user_owned_recovery_options: 'user-passcode' lets a user replace automatic recovery with a password.
    'embedded-wallet': { create_on_login: 'users-without-wallets', user_owned_recovery_options: ['user-passcode'] },
    // MFA ('Transaction protection'): verification methods users may enroll; sensitive wallet calls then ask for one.
    // TOTP secrets are sealed under FOYER_MFA_KEK (generated into the database in dev, required in production).
    // SMS codes go through the same sender as SMS login (the dev outbox without TWILIO_*). Passkey verification uses the
    // user's linked passkeys (the passkey plugin's credentials).
    mfa_methods: ['totp', 'sms', 'passkey'],
    // Funding ('Add funds to your … wallet', funding() on the client): the methods offered, the default amount and chain.
    // Provider plugins add their method names here (moonpay, coinbase-onramp…). prompt_funding_on_wallet_creation: true
    // opens 'Add funds' after a login creates the user's embedded wallet.
    funding: { methods: ['manual', 'external', ...(env.FOYER_MOONPAY_SECRET_KEY ? ['moonpay'] : []), ...(env.FOYER_COINBASE_CDP_PRIVATE_KEY ? ['coinbase-onramp'] : [])], default_recommended_amount: '0.01', default_recommended_currency: { chain: 'eip155:1' } },
    // Delegated actions (Solana): the app's back end signs for wallets their users delegated, authenticated with HTTP Basic
    // appId:app_secret (or ES256 signatures by authorization_keys), for the allowed_programs only. The key envelopes are
    // sealed to FOYER_DELEGATION_KEY (generated into the data folder in dev, required in production). Dev secret only:
    // FOYER_DEV_APP_SECRET overrides it; a production app sets its own in its config file.
    'delegated-actions': { app_secret: env.FOYER_DEV_APP_SECRET ?? 'dev-app-secret-not-for-production', allowed_programs: ['11111111111111111111111111111111', 'ComputeBudget111111111111111111111111111111'] },
    // OAuth providers need real credentials: add an "oauth" section ({ google: { client_id, client_secret }, ..., redirect_urls }).
    // Telegram needs a bot: add a "telegram" section ({ bot_token, bot_name, seamless_auth_enabled?, link_enabled? }).
    // custom JWT login needs the host's keys: add a "custom-jwt" section ({ jwks_url | public_key, algorithms, issuer, audience }).
    // Captcha (Cloudflare Turnstile) needs Cloudflare keys: add a "captcha-turnstile" section ({ site_key: 't:<site key>', secret_key, siteverify_url?, script_url? }).
    // FOYER_SESSION_COOKIES=1 keeps the tokens in HttpOnly cookies (host-only on localhost, not Secure over http;
    // production apps set a "session_cookies" section: { domain: ".example.com", same_site?: "lax" | "strict" }).
    // Farcaster signers: the app's own Farcaster account (request_fid) and its custody key sign every key request. Dev
    // uses anvil's first test key (public, never for real funds); Farcaster's API is FOYER_FARCASTER_SIGNER_API_URL
    // (default https://api.warpcast.com, a stand-in in the e2e). Production sets its own section in the config file.
    'farcaster-signer': { custody_private_key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', request_fid: 1 },
    ...(env.FOYER_SESSION_COOKIES === '1' ? { session_cookies: { secure: false } } : {}),
    // Smart wallets (ERC-4337, smartWallets() on the client) need a bundler: FOYER_SMART_WALLET_BUNDLER_URL with
    // FOYER_SMART_WALLET_CHAIN_ID and FOYER_SMART_WALLET_FACTORY (a SimpleAccountFactory v0.7); optional
    // FOYER_SMART_WALLET_PAYMASTER_URL (ERC-7677) + FOYER_SMART_WALLET_POLICY_ID, FOYER_SMART_WALLET_RPC_URL. Without them: off.
    ...(env.FOYER_SMART_WALLET_BUNDLER_URL ? { 'smart-wallets': smartWalletSectionFromEnv(env) } : {}),
    ...(env.FOYER_DEV_APP ? (JSON.parse(env.FOYER_DEV_APP) as Record<string, unknown>) : {}),
  }
}

/** The dev app's "smart-wallets" section from FOYER_SMART_WALLET_* (one network, a SimpleAccount factory). */
function smartWalletSectionFromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  return {
    enabled: true,
    smart_wallet_type: 'simple',
    configured_networks: [
      {
        chain_id: Number(env.FOYER_SMART_WALLET_CHAIN_ID ?? 31337),
        bundler_url: env.FOYER_SMART_WALLET_BUNDLER_URL,
        ...(env.FOYER_SMART_WALLET_PAYMASTER_URL ? { paymaster_url: env.FOYER_SMART_WALLET_PAYMASTER_URL } : {}),
        ...(env.FOYER_SMART_WALLET_POLICY_ID ? { paymaster_context: { policy_id: env.FOYER_SMART_WALLET_POLICY_ID } } : {}),
        ...(env.FOYER_SMART_WALLET_FACTORY ? { account_factory: env.FOYER_SMART_WALLET_FACTORY } : {}),
        ...(env.FOYER_SMART_WALLET_RPC_URL ? { rpc_url: env.FOYER_SMART_WALLET_RPC_URL } : {}),
      },
    ],
  }
}
