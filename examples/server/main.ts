// The server a self-hoster runs: the kernel plus the plugins they want, configured from the environment.
// Run: node --conditions=source --import tsx examples/server/main.ts
import { isAbsolute, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createServer, type ServerPlugin } from 'foyer/server'
import { emailServer } from 'foyer/plugins/email/server'
import { termsServer } from 'foyer/plugins/terms/server'
import { smsServer } from 'foyer/plugins/sms/server'
import { guestServer } from 'foyer/plugins/guest/server'
import { customJwtServer } from 'foyer/plugins/custom-jwt/server'
import { telegramServer } from 'foyer/plugins/telegram/server'
import { farcasterServer } from 'foyer/plugins/farcaster/server'
import { passkeyServer } from 'foyer/plugins/passkey/server'
import { oauthServer } from 'foyer/plugins/oauth/server'
import { siwsServer } from 'foyer/plugins/siws/server'
import { siweServer } from 'foyer/plugins/siwe/server'
import { captchaTurnstileServer } from 'foyer/plugins/captcha-turnstile/server'
import { embeddedWalletServer } from 'foyer/plugins/embedded-wallet/server'
import { recoveryPasswordServer } from 'foyer/plugins/recovery-password/server'
import { recoveryGoogleDriveServer } from 'foyer/plugins/recovery-google-drive/server'
import { recoveryIcloudServer } from 'foyer/plugins/recovery-icloud/server'
import { smartWalletsServer } from 'foyer/plugins/smart-wallets/server'
import { mfaTotpServer } from 'foyer/plugins/mfa-totp/server'
import { mfaSmsServer } from 'foyer/plugins/mfa-sms/server'
import { mfaPasskeyServer } from 'foyer/plugins/mfa-passkey/server'
import { fundingServer } from 'foyer/plugins/funding/server'
import { fundingMoonpayServer } from 'foyer/plugins/funding-moonpay/server'
import { fundingCoinbaseServer } from 'foyer/plugins/funding-coinbase/server'
import { farcasterSignerServer } from 'foyer/plugins/farcaster-signer/server'
import { delegatedActionsServer } from 'foyer/plugins/delegated-actions/server'
import { crossAppServer } from 'foyer/plugins/cross-app/server'
import { managementServer } from 'foyer/plugins/management/server'
import { webhooksServer } from 'foyer/plugins/webhooks/server'
import { adminConsoleServer } from 'foyer/plugins/admin-console/server'

// FOYER_SERVER_PLUGINS: comma-separated modules (paths or package names) whose default export is a server
// plugin or a list of them: third-party plugins join the composition without editing this file.
const extraPlugins = []
for (const spec of (process.env.FOYER_SERVER_PLUGINS ?? '').split(',').filter(Boolean)) {
  const specifier = spec.startsWith('.') || isAbsolute(spec) ? pathToFileURL(resolve(spec)).href : spec
  const loaded = ((await import(specifier)) as { default?: ServerPlugin | ServerPlugin[] }).default
  if (!loaded) throw new Error(`FOYER_SERVER_PLUGINS: ${spec} has no default export`)
  extraPlugins.push(...(Array.isArray(loaded) ? loaded : [loaded]))
}

const port = Number(process.env.PORT ?? 8787)
// The wallet frame's own origin (ARCHITECTURE §14): a second port on the same host name (same site, so the frame
// keeps its IndexedDB), unless FOYER_WALLET_ORIGIN names a production one served elsewhere.
const walletPort = Number(process.env.FOYER_WALLET_PORT ?? port + 1)
const walletOrigin = process.env.FOYER_WALLET_ORIGIN ?? `http://localhost:${walletPort}`
const apiOrigin = process.env.FOYER_API_ORIGIN ?? `http://localhost:${port}`
const appPort = Number(process.env.APP_PORT ?? 5173)
const ttl = process.env.FOYER_ACCESS_TOKEN_TTL ? Number(process.env.FOYER_ACCESS_TOKEN_TTL) : undefined

// The dev app `npm start` serves: the login methods that work on a laptop with no outside services.
// FOYER_DEV_APP (JSON) adds or overrides fields, e.g. an OAuth provider section pointing at a test stand-in.
const devApp: Record<string, unknown> = {
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
  funding: { methods: ['manual', 'external', ...(process.env.FOYER_MOONPAY_SECRET_KEY ? ['moonpay'] : []), ...(process.env.FOYER_COINBASE_CDP_PRIVATE_KEY ? ['coinbase-onramp'] : [])], default_recommended_amount: '0.01', default_recommended_currency: { chain: 'eip155:1' } },
  // Delegated actions (Solana): the app's back end signs for wallets their users delegated, authenticated with HTTP Basic
  // appId:app_secret (or ES256 signatures by authorization_keys), for the allowed_programs only. The key envelopes are
  // sealed to FOYER_DELEGATION_KEY (generated into the data folder in dev, required in production). Dev secret only:
  // FOYER_DEV_APP_SECRET overrides it; a production app sets its own in its config file.
  'delegated-actions': { app_secret: process.env.FOYER_DEV_APP_SECRET ?? 'dev-app-secret-not-for-production', allowed_programs: ['11111111111111111111111111111111', 'ComputeBudget111111111111111111111111111111'] },
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
  ...(process.env.FOYER_SESSION_COOKIES === '1' ? { session_cookies: { secure: false } } : {}),
  // Smart wallets (ERC-4337, smartWallets() on the client) need a bundler: FOYER_SMART_WALLET_BUNDLER_URL with
  // FOYER_SMART_WALLET_CHAIN_ID and FOYER_SMART_WALLET_FACTORY (a SimpleAccountFactory v0.7); optional
  // FOYER_SMART_WALLET_PAYMASTER_URL (ERC-7677) + FOYER_SMART_WALLET_POLICY_ID, FOYER_SMART_WALLET_RPC_URL. Without them: off.
  ...(process.env.FOYER_SMART_WALLET_BUNDLER_URL ? { 'smart-wallets': smartWalletSectionFromEnv(process.env) } : {}),
  ...(process.env.FOYER_DEV_APP ? (JSON.parse(process.env.FOYER_DEV_APP) as Record<string, unknown>) : {}),
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

// Moonpay on-ramp: signs the widget URL with FOYER_MOONPAY_API_KEY / FOYER_MOONPAY_SECRET_KEY (sandbox pair:
// FOYER_MOONPAY_SANDBOX_API_KEY / FOYER_MOONPAY_SANDBOX_SECRET_KEY). Loaded in dev (without keys its route answers 503
// moonpay_not_configured) and in production only when the keys are set (the plugin refuses to start without them).
const moonpay = process.env.NODE_ENV !== 'production' || process.env.FOYER_MOONPAY_SECRET_KEY ? [fundingMoonpayServer()] : []

// Coinbase Onramp: session tokens from Coinbase's API with the CDP key FOYER_COINBASE_CDP_KEY_NAME /
// FOYER_COINBASE_CDP_PRIVATE_KEY (FOYER_COINBASE_PROJECT_ID, FOYER_COINBASE_API_URL); without a key its routes answer
// 403. An app offers it with 'coinbase-onramp' in its funding methods.

// Delegated actions: the sealed wallet keys open with FOYER_DELEGATION_KEY (generated in dev). Loaded in dev, and in
// production only when the key is set (the plugin refuses to start without it).
const delegated = process.env.NODE_ENV !== 'production' || process.env.FOYER_DELEGATION_KEY ? [delegatedActionsServer({ apiOrigin })] : []

// Signed webhooks (endpoints with `npm run foyer -- webhook add <appId> <url>`): their secrets are sealed under
// FOYER_WEBHOOK_KEK (generated in dev). Loaded in dev, and in production only when the key is set.
const webhooks = process.env.NODE_ENV !== 'production' || process.env.FOYER_WEBHOOK_KEK ? [webhooksServer()] : []

// The embedded wallet's user-owned recovery methods (an app offers them in `user_owned_recovery_options`): a password,
// a key in the user's Google Drive or iCloud (FOYER_RECOVERY_GOOGLE_* / FOYER_RECOVERY_ICLOUD_*; without them their
// logins answer recovery_oauth_not_configured).
const recoveryMethods = [recoveryPasswordServer(), recoveryGoogleDriveServer(), recoveryIcloudServer()]

// managementServer(): the management REST API (/api/v1/users…) for an app's back end, with one of the app's secrets
// (`foyer app-secret create <appId>`); without a secret every call is 401.
// adminConsoleServer(): the admin console's API (/api/v1/admin/…) for operators (`npm run foyer -- admin add <email>`),
// who sign in to the admin app with TOTP; FOYER_ADMIN_ORIGINS adds origins besides the API's own.
const server = await createServer({
  plugins: [termsServer(), emailServer(), smsServer(), guestServer(), customJwtServer(), telegramServer(), farcasterServer(), passkeyServer(), mfaTotpServer(), mfaSmsServer(), mfaPasskeyServer(), oauthServer(), siwsServer(), siweServer(), captchaTurnstileServer(), embeddedWalletServer({ apiOrigin }), ...recoveryMethods, smartWalletsServer(), fundingServer(), ...moonpay, fundingCoinbaseServer(), ...delegated, farcasterSignerServer(), crossAppServer(), managementServer(), ...webhooks, adminConsoleServer(), ...extraPlugins],
  walletOrigin,
  // FOYER_DATA_DIR, DATABASE_URL, SMTP_URL, FOYER_DEV_APP_ID and FOYER_TRUST_PROXY are read by createServer itself.
  ...(process.env.FOYER_CONFIG ? { configFile: process.env.FOYER_CONFIG } : {}),
  // FOYER_DEV_APPS (JSON array of app entries) adds apps beside the dev app, e.g. a cross-app requester on another port.
  ...(process.env.FOYER_DEV_APPS ? { apps: JSON.parse(process.env.FOYER_DEV_APPS) as Record<string, unknown>[] } : {}),
  devOrigins: [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`],
  devApp,
  ...(ttl ? { accessTokenTtlSeconds: ttl } : {}),
  // FOYER_RATE_LIMITS (JSON) changes named limits, e.g. {"guest.authenticate.ip": {"limit": 100}}.
  ...(process.env.FOYER_RATE_LIMITS ? { rateLimits: JSON.parse(process.env.FOYER_RATE_LIMITS) as Record<string, { limit?: number; windowSeconds?: number }> } : {}),
  // FOYER_MFA_WINDOW_SECONDS shortens how long an MFA verification lasts (default 900; tests use a few seconds).
  ...(process.env.FOYER_MFA_WINDOW_SECONDS ? { mfaWindowSeconds: Number(process.env.FOYER_MFA_WINDOW_SECONDS) } : {}),
})

const listening = await server.listenAll({ api: port, wallet: walletPort }, process.env.HOST ?? '0.0.0.0')
const url = listening.api!.url
console.log(`[foyer] server listening on ${url}`)
console.log(`[foyer] wallet frame on ${walletOrigin} (port ${walletPort})`)
if (server.ctx.config.dev) {
  console.log(`[foyer] dev app id: ${server.ctx.config.devAppId} (allowed origins: localhost and 127.0.0.1 on port ${appPort})`)
  if (!process.env.SMTP_URL) console.log(`[foyer] login codes appear here in the terminal and at ${url}/dev/outbox`)
}

// SIGTERM (an orchestrator) or SIGINT (Ctrl-C): /readyz turns 503, the listeners stop accepting, requests under way
// get FOYER_SHUTDOWN_GRACE_MS (default 10 s) to finish, then the jobs stop and the database closes. A second signal exits at once.
const graceMs = Number(process.env.FOYER_SHUTDOWN_GRACE_MS ?? 10_000)
if (!(graceMs >= 0)) throw new Error(`FOYER_SHUTDOWN_GRACE_MS must be a number of milliseconds, got ${process.env.FOYER_SHUTDOWN_GRACE_MS}`)
const stop = async (signal: NodeJS.Signals) => {
  console.log(`[foyer] ${signal}: shutting down`)
  process.once(signal, () => process.exit(1))
  await server.shutdown({ graceMs })
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
