import type { Foyer } from 'foyer'
import { isOAuthProvider, oauthProviders } from 'foyer/plugins/oauth'

/** One method the page offers: its name in host code, a display name and the plugin's icon. */
export interface MethodInfo {
  /** `config.loginMethods` name (login) or `link(method)` name (link), e.g. 'email', 'github', 'solanaWallet'. */
  id: string
  name: string
  icon: string | undefined
}

// The plugins' labels are the modal's wording ('I have a passkey'); a list of methods reads better with nouns.
const displayNames: Record<string, string> = { passkey: 'Passkey', sms: 'SMS', wallet: 'Ethereum wallet', solana_wallet: 'Solana wallet' }

/**
 * The login and link methods this app really has: those in the resolved config, i.e. the server's app
 * config confirmed them. A loaded plugin whose method the server has off is left out, and so is
 * everything while the config could not be loaded.
 */
export function serverEnabledMethods(foyer: Foyer): { login: MethodInfo[]; link: MethodInfo[] } {
  const config = foyer.$config.value
  if (!config) return { login: [], link: [] }
  const enabled = new Set([...config.loginMethods, ...config.overflowMethods])
  const entries = foyer.registry.entries.filter((entry) => enabled.has(entry.loginMethod))
  const info = (id: string, entry: (typeof entries)[number]): MethodInfo => ({
    id,
    name: displayNames[entry.loginMethod] ?? foyer.t(entry.meta.label),
    // OAuth entries carry no icon (the marks load with the modal's entry screen): take the provider's.
    icon: entry.meta.icon ?? (isOAuthProvider(entry.loginMethod) ? oauthProviders[entry.loginMethod].icon : undefined),
  })

  const login = [...enabled].flatMap((id) => {
    const entry = entries.find((e) => e.loginMethod === id)
    return entry ? [info(id, entry)] : []
  })
  // A link method is named like its landing entry ('email', 'github') or belongs to a plugin with one
  // ('phone' → the sms plugin's 'sms', 'solanaWallet' → the siws plugin's 'solana_wallet').
  const linkable = foyer.accounts.methods().link
  const link = linkable.flatMap((id) => {
    const owner = foyer.registry.plugins.find((plugin) => plugin.accounts?.link?.[id])
    const entry = entries.find((e) => e.loginMethod === id) ?? entries.find((e) => e.pluginId === owner?.id && !linkable.includes(e.loginMethod))
    return entry ? [info(id, entry)] : []
  })
  return { login, link }
}
