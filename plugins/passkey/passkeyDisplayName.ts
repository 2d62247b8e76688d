/** The fields of a passkey account the display name is made of. */
export interface PasskeyNameParts {
  authenticatorName?: string | null
  createdWithBrowser?: string | null
  createdWithOs?: string | null
}

/**
 * The spec's display name of a passkey: 'name on browser'; else 'browser on OS'; else the browser
 * alone; else 'Unknown device'. A known authenticator without a browser shows its name alone.
 */
export function passkeyDisplayName(account: PasskeyNameParts, unknown = 'Unknown device'): string {
  const name = account.authenticatorName?.trim()
  const browser = account.createdWithBrowser?.trim()
  const os = account.createdWithOs?.trim()
  if (name) return browser ? `${name} on ${browser}` : name
  if (browser) return os ? `${browser} on ${os}` : browser
  return unknown
}
