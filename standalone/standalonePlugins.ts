import { isAbsolute, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerPlugin } from '../core/server/index.js'
import { adminConsoleServer } from '../plugins/admin-console/server.js'
import { captchaTurnstileServer } from '../plugins/captcha-turnstile/server.js'
import { crossAppServer } from '../plugins/cross-app/server.js'
import { customJwtServer } from '../plugins/custom-jwt/server.js'
import { delegatedActionsServer } from '../plugins/delegated-actions/server.js'
import { emailServer } from '../plugins/email/server.js'
import { embeddedWalletServer } from '../plugins/embedded-wallet/server.js'
import { farcasterSignerServer } from '../plugins/farcaster-signer/server.js'
import { farcasterServer } from '../plugins/farcaster/server.js'
import { fundingCoinbaseServer } from '../plugins/funding-coinbase/server.js'
import { fundingMoonpayServer } from '../plugins/funding-moonpay/server.js'
import { fundingServer } from '../plugins/funding/server.js'
import { guestServer } from '../plugins/guest/server.js'
import { managementServer } from '../plugins/management/server.js'
import { mfaPasskeyServer } from '../plugins/mfa-passkey/server.js'
import { mfaSmsServer } from '../plugins/mfa-sms/server.js'
import { mfaTotpServer } from '../plugins/mfa-totp/server.js'
import { oauthServer } from '../plugins/oauth/server.js'
import { passkeyServer } from '../plugins/passkey/server.js'
import { recoveryGoogleDriveServer } from '../plugins/recovery-google-drive/server.js'
import { recoveryIcloudServer } from '../plugins/recovery-icloud/server.js'
import { recoveryPasswordServer } from '../plugins/recovery-password/server.js'
import { siweServer } from '../plugins/siwe/server.js'
import { siwsServer } from '../plugins/siws/server.js'
import { smartWalletsServer } from '../plugins/smart-wallets/server.js'
import { smsServer } from '../plugins/sms/server.js'
import { telegramServer } from '../plugins/telegram/server.js'
import { termsServer } from '../plugins/terms/server.js'
import { webhooksServer } from '../plugins/webhooks/server.js'

/**
 * The server halves of every built-in plugin, configured from `env`: what `npx foyer start` and
 * examples/server/main.ts run. `apiOrigin` is the API's public origin as the wallet frame calls it. A plugin that
 * needs a key in production (Moonpay, delegated actions, webhooks) is loaded there only when its key is set.
 */
export function standalonePlugins(env: NodeJS.ProcessEnv = process.env, { apiOrigin }: { apiOrigin: string }): ServerPlugin[] {
  const dev = env.NODE_ENV !== 'production'
  // Moonpay on-ramp: signs the widget URL with FOYER_MOONPAY_API_KEY / FOYER_MOONPAY_SECRET_KEY (sandbox pair:
  // FOYER_MOONPAY_SANDBOX_API_KEY / FOYER_MOONPAY_SANDBOX_SECRET_KEY). Loaded in dev (without keys its route answers 503
  // moonpay_not_configured) and in production only when the keys are set (the plugin refuses to start without them).
  const moonpay = dev || env.FOYER_MOONPAY_SECRET_KEY ? [fundingMoonpayServer()] : []

  // Coinbase Onramp: session tokens from Coinbase's API with the CDP key FOYER_COINBASE_CDP_KEY_NAME /
  // FOYER_COINBASE_CDP_PRIVATE_KEY (FOYER_COINBASE_PROJECT_ID, FOYER_COINBASE_API_URL); without a key its routes answer
  // 403. An app offers it with 'coinbase-onramp' in its funding methods.

  // Delegated actions: the sealed wallet keys open with FOYER_DELEGATION_KEY (generated in dev). Loaded in dev, and in
  // production only when the key is set (the plugin refuses to start without it).
  const delegated = dev || env.FOYER_DELEGATION_KEY ? [delegatedActionsServer({ apiOrigin })] : []

  // Signed webhooks (endpoints with `foyer webhook add <appId> <url>`): their secrets are sealed under FOYER_WEBHOOK_KEK
  // (generated in dev). Loaded in dev, and in production only when the key is set.
  const webhooks = dev || env.FOYER_WEBHOOK_KEK ? [webhooksServer()] : []

  // The embedded wallet's user-owned recovery methods (an app offers them in `user_owned_recovery_options`): a password,
  // a key in the user's Google Drive or iCloud (FOYER_RECOVERY_GOOGLE_* / FOYER_RECOVERY_ICLOUD_*; without them their
  // logins answer recovery_oauth_not_configured).
  const recoveryMethods = [recoveryPasswordServer(), recoveryGoogleDriveServer(), recoveryIcloudServer()]

  // managementServer(): the management REST API (/api/v1/users…) for an app's back end, with one of the app's secrets
  // (`foyer app-secret create <appId>`); without a secret every call is 401.
  // adminConsoleServer(): the admin console's API (/api/v1/admin/…) for operators (`foyer admin add <email>`), who sign
  // in to the admin app with TOTP; FOYER_ADMIN_ORIGINS adds origins besides the API's own.
  return [
    termsServer(),
    emailServer(),
    smsServer(),
    guestServer(),
    customJwtServer(),
    telegramServer(),
    farcasterServer(),
    passkeyServer(),
    mfaTotpServer(),
    mfaSmsServer(),
    mfaPasskeyServer(),
    oauthServer(),
    siwsServer(),
    siweServer(),
    captchaTurnstileServer(),
    embeddedWalletServer({ apiOrigin }),
    ...recoveryMethods,
    smartWalletsServer(),
    fundingServer(),
    ...moonpay,
    fundingCoinbaseServer(),
    ...delegated,
    farcasterSignerServer(),
    crossAppServer(),
    managementServer(),
    ...webhooks,
    adminConsoleServer(),
  ]
}

/**
 * FOYER_SERVER_PLUGINS: comma-separated modules (paths, relative to the working folder, or package names) whose default
 * export is a server plugin or a list of them: third-party plugins join the composition without editing it.
 */
export async function pluginsFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<ServerPlugin[]> {
  const plugins: ServerPlugin[] = []
  for (const spec of (env.FOYER_SERVER_PLUGINS ?? '').split(',').filter(Boolean)) {
    const specifier = spec.startsWith('.') || isAbsolute(spec) ? pathToFileURL(resolve(spec)).href : spec
    const loaded = ((await import(specifier)) as { default?: ServerPlugin | ServerPlugin[] }).default
    if (!loaded) throw new Error(`FOYER_SERVER_PLUGINS: ${spec} has no default export`)
    plugins.push(...(Array.isArray(loaded) ? loaded : [loaded]))
  }
  return plugins
}
