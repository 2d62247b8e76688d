import type { ServerAppConfig } from '../../protocol/index.js'
import type { Registry } from '../registry.js'
import type { FoyerClientConfig, ResolvedConfig } from '../types.js'

/** Default delay before the success screen closes (the spec leaves the value open). */
export const DEFAULT_SUCCESS_DELAY_MS = 1000

/**
 * Merges the server's app config with the host's client config. The server decides what is
 * enabled (its flags); the client decides order, looks and which enabled methods to show.
 */
export function resolveConfig(server: ServerAppConfig, client: FoyerClientConfig, registry: Registry): ResolvedConfig {
  const appearance = client.appearance ?? {}
  const serverFlags = server as unknown as Record<string, unknown>
  const available = registry.entries
    .filter((entry) => !entry.meta.serverFlag || serverFlags[entry.meta.serverFlag] === true)
    .map((entry) => entry.loginMethod)

  const primary = client.loginMethodsAndOrder?.primary ?? client.loginMethods ?? available
  const overflow = client.loginMethodsAndOrder?.overflow ?? []
  const enabled = (names: string[]) => [...new Set(names)].filter((name) => available.includes(name))

  const showWalletLoginFirst = appearance.showWalletLoginFirst ?? server.show_wallet_login_first
  return {
    appId: server.id,
    name: client.name ?? server.name,
    logo: appearance.logo ?? server.logo_url,
    accentColor: appearance.accentColor ?? server.accent_color,
    theme: appearance.theme ?? 'light',
    landingHeader: appearance.landingHeader ?? null,
    loginMessage: appearance.loginMessage ?? null,
    layout: appearance.loginGroupPriority ?? (showWalletLoginFirst ? 'web3-first' : 'web2-first'),
    loginMethods: enabled(primary),
    overflowMethods: enabled(overflow).filter((name) => !primary.includes(name)),
    disablePlusEmails: client.disablePlusEmails ?? server.disable_plus_emails,
    legal: {
      termsAndConditionsUrl: client.legal?.termsAndConditionsUrl ?? server.terms_and_conditions_url,
      privacyPolicyUrl: client.legal?.privacyPolicyUrl ?? server.privacy_policy_url,
      requireUsersAcceptTerms: client.legal?.requireUsersAcceptTerms ?? server.require_users_accept_terms,
    },
    allowlist: {
      errorTitle: client.allowlistConfig?.errorTitle ?? server.allowlist_config.error_title,
      errorDetail: client.allowlistConfig?.errorDetail ?? server.allowlist_config.error_detail,
      errorCtaText: client.allowlistConfig?.errorCtaText ?? server.allowlist_config.cta_text,
      errorCtaLink: client.allowlistConfig?.errorCtaLink ?? server.allowlist_config.cta_link,
    },
    intl: { defaultCountry: client.intl?.defaultCountry ?? 'US', textLocalization: client.intl?.textLocalization ?? {} },
    captcha: { enabled: client.captchaEnabled ?? server.captcha_enabled, siteKey: server.captcha_site_key },
    successDelayMs: client.successDelayMs ?? DEFAULT_SUCCESS_DELAY_MS,
    server,
    client,
  }
}
