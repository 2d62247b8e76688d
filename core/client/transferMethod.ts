import type { Registry } from './registry.js'

/** The login method and label the account transfer prompt shows for a linked-account type. */
export interface TransferMethod {
  /** Reported to the host as `linkMethod` / `loginMethod` ('email', 'sms', 'google', ...). */
  loginMethod: string
  /** '{method label} is associated with another account'. */
  label: string
}

/**
 * Finds the method of an account type among the loaded plugins, generically: a landing entry whose login
 * method is the type (or the type without `_oauth`) names it; otherwise the plugin that transfers the type
 * gives the login method and the type itself, made readable, is the label ('phone' → 'Phone').
 */
export function transferMethodOf(registry: Registry, accountType: string, t: (key: string) => string): TransferMethod {
  const names = [accountType, accountType.replace(/_oauth$/, '')]
  const entry = registry.entries.find((e) => names.includes(e.loginMethod))
  if (entry) return { loginMethod: entry.loginMethod, label: t(entry.meta.label) }
  const owner = registry.plugins.find((p) => p.accounts?.transfer?.[accountType])
  const readable = names[1]!.replace(/_/g, ' ')
  return {
    loginMethod: owner?.meta?.loginMethod ?? owner?.id ?? accountType,
    label: readable.charAt(0).toUpperCase() + readable.slice(1),
  }
}
