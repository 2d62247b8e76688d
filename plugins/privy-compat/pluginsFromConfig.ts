import type { FoyerPlugin } from '../../core/client/plugin.js'
import { captchaTurnstile } from '../captcha-turnstile/index.js'
import { coinbaseWallet } from '../coinbase-wallet/index.js'
import { crossApp } from '../cross-app/index.js'
import { customJwt } from '../custom-jwt/index.js'
import { delegatedActions } from '../delegated-actions/index.js'
import { email } from '../email/index.js'
import { embeddedWallet } from '../embedded-wallet/index.js'
import { farcaster } from '../farcaster/index.js'
import { farcasterSigner } from '../farcaster-signer/index.js'
import { funding } from '../funding/index.js'
import { fundingCoinbase } from '../funding-coinbase/index.js'
import { fundingExternal } from '../funding-external/index.js'
import { fundingMoonpay } from '../funding-moonpay/index.js'
import { guest } from '../guest/index.js'
import { injected } from '../injected/index.js'
import { mfa } from '../mfa/index.js'
import { mfaPasskey } from '../mfa-passkey/index.js'
import { mfaSms } from '../mfa-sms/index.js'
import { mfaTotp } from '../mfa-totp/index.js'
import { recoveryGoogleDrive } from '../recovery-google-drive/index.js'
import { recoveryIcloud } from '../recovery-icloud/index.js'
import { recoveryPassword } from '../recovery-password/index.js'
import { mobileWallets } from '../mobile-wallets/index.js'
import { oauth, isOAuthProvider, type OAuthProviderId } from '../oauth/index.js'
import { passkey } from '../passkey/index.js'
import { siwe } from '../siwe/index.js'
import { siws } from '../siws/index.js'
import { smartWallets } from '../smart-wallets/index.js'
import { sms } from '../sms/index.js'
import { solana } from '../solana/index.js'
import { telegram } from '../telegram/index.js'
import { terms } from '../terms/index.js'
import { walletConnect } from '../walletconnect/index.js'
import { solanaConfigured, type PrivyClientConfig, type PrivyLoginMethodName } from './privyConfig.js'

/**
 * The login methods when `config.loginMethods` is not given: every one Foyer has. Each still shows only when the
 * server's app enables it (its `email_auth`, `google`, … flags), as Privy's dashboard decides.
 */
export const DEFAULT_LOGIN_METHODS: readonly PrivyLoginMethodName[] = [
  'email', 'sms', 'wallet', 'google', 'twitter', 'discord', 'github', 'linkedin', 'spotify', 'instagram', 'tiktok', 'apple',
  'farcaster', 'telegram', 'passkey',
]

/**
 * The Foyer plugins a Privy config asks for (PrivyProvider uses them when it gets no `plugins`):
 * - always `terms()` (the app's legal settings) and `guest()` (useGuestAccounts);
 * - per login method: `email` → email(), `sms` → sms(), `wallet` → injected(), coinbaseWallet(), walletConnect() (unless
 *   `externalWallets.walletConnect.enabled` is false), mobileWallets() and siwe(); Google, Twitter, Discord, GitHub,
 *   LinkedIn, Spotify, Instagram, TikTok, Apple, LINE → one oauth() with those providers (Twitch: none in Foyer);
 *   `farcaster`, `telegram`, `passkey` → their plugins; `privy:<app id>` → crossApp();
 * - Solana configured (a Solana wallet list or connectors, a Solana embedded wallet, Solana RPCs) → solana() and siws();
 * - `customAuth` → customJwt({ getCustomAccessToken }); `captchaEnabled` → captchaTurnstile();
 * - `embeddedWallets` → embeddedWallet() with its createOnLogin, showWalletUIs and priceDisplay, the recovery methods
 *   (recoveryGoogleDrive(), recoveryIcloud(), recoveryPassword()), plus smartWallets(),
 *   delegatedActions(), the MFA methods (mfa(), mfaTotp(), mfaSms(), mfaPasskey(); `mfa.noPromptOnMfaRequired`), the
 *   funding hub and its methods (funding(), fundingMoonpay(), fundingCoinbase(), fundingExternal()), and
 *   farcasterSigner() with Farcaster login. Each of these acts only when the server's app enables it.
 */
export function pluginsFromConfig(config: PrivyClientConfig = {}): FoyerPlugin[] {
  const methods = new Set<string>(config.loginMethods ?? DEFAULT_LOGIN_METHODS)
  for (const m of [...(config.loginMethodsAndOrder?.primary ?? []), ...(config.loginMethodsAndOrder?.overflow ?? [])]) methods.add(m)
  const withSolana = solanaConfigured(config)
  const external = config.externalWallets
  const plugins: FoyerPlugin[] = [terms(), guest()]
  if (methods.has('email')) plugins.push(email())
  if (methods.has('sms')) plugins.push(sms())
  const providers = [...methods].filter((m): m is OAuthProviderId => isOAuthProvider(m))
  if (providers.length) plugins.push(oauth({ providers }))
  if (methods.has('farcaster')) plugins.push(farcaster())
  if (methods.has('telegram')) plugins.push(telegram())
  if (methods.has('passkey')) plugins.push(passkey())
  if ([...methods].some((m) => m.startsWith('privy:'))) plugins.push(crossApp())
  if (methods.has('wallet') && !external?.disableAllExternalWallets) {
    plugins.push(injected(), coinbaseWallet())
    if (external?.walletConnect?.enabled !== false) {
      plugins.push(walletConnect(config.walletConnectCloudProjectId ? { projectId: config.walletConnectCloudProjectId } : {}))
    }
    plugins.push(mobileWallets(), siwe())
  }
  if (withSolana && !external?.disableAllExternalWallets) plugins.push(solana(), siws())
  if (config.customAuth && config.customAuth.enabled !== false) {
    const get = config.customAuth.getCustomAccessToken
    plugins.push(customJwt({ getCustomAccessToken: async () => (await get()) ?? null }))
  }
  if (config.captchaEnabled) plugins.push(captchaTurnstile())
  const wallets = config.embeddedWallets
  if (wallets) {
    plugins.push(
      embeddedWallet({
        ...(wallets.ethereum?.createOnLogin ? { ethereum: { createOnLogin: wallets.ethereum.createOnLogin } } : {}),
        ...(wallets.solana?.createOnLogin ? { solana: { createOnLogin: wallets.solana.createOnLogin } } : {}),
        ...(wallets.showWalletUIs !== undefined ? { showWalletUIs: wallets.showWalletUIs } : {}),
        ...(wallets.priceDisplay ? { priceDisplay: wallets.priceDisplay.primary === 'native-token' ? ('native' as const) : ('usd' as const) } : {}),
      }),
      // The user-owned recovery methods Privy offers (the app's user_owned_recovery_options picks among them).
      recoveryGoogleDrive(),
      recoveryIcloud(),
      recoveryPassword(),
      smartWallets(),
      delegatedActions(),
      mfa(config.mfa?.noPromptOnMfaRequired ? { noPromptOnMfaRequired: true } : {}),
      mfaTotp(),
      mfaSms(),
      mfaPasskey(),
      funding(),
      fundingMoonpay(),
      fundingCoinbase(),
      fundingExternal(),
    )
    if (methods.has('farcaster')) plugins.push(farcasterSigner())
  }
  return plugins
}
