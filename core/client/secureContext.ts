/**
 * Embedded wallets need HTTPS, except on localhost or an IP address (development and LAN testing).
 * Returns true when `url` may host an embedded wallet.
 */
export function isEmbeddedWalletContextAllowed(url: string | URL): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  const { protocol, hostname } = parsed
  if (protocol === 'https:') return true
  if (protocol !== 'http:') return false
  const host = hostname.replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.split('.').every((part) => Number(part) <= 255)
  return host.includes(':') // IPv6 literal
}
