/**
 * The site of an origin (scheme + registrable domain), as browsers partition storage: localhost and IP literals are
 * their own site; otherwise the last two labels of the host. (Multi-label public suffixes such as co.uk count as
 * one label short here, which only makes the check stricter.)
 */
export function siteOf(origin: string): string {
  const url = new URL(origin)
  const host = url.hostname
  if (host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('[')) return `${url.protocol}//${host}`
  return `${url.protocol}//${host.split('.').slice(-2).join('.')}`
}

/**
 * Refuses a wallet origin on another site than all of an app's origins: Chromium gives a cross-site frame no
 * IndexedDB (no device share), so such a setup could never keep a wallet on the device. Says why and what to set.
 * Answers the origins that are cross-site while another one is not (the caller warns about them).
 */
export function assertSameSite(walletOrigin: string, appId: string, hostOrigins: Iterable<string>): string[] {
  const origins = [...hostOrigins]
  const cross = origins.filter((origin) => siteOf(origin) !== siteOf(walletOrigin))
  if (origins.length === 0 || cross.length < origins.length) return cross
  const example = new URL(cross[0]!).hostname.replace(/^www\./, '')
  throw new Error(
    `embedded-wallet: the wallet frame (${walletOrigin}) and app ${appId}'s origins (${cross.join(', ')}) are on different sites, ` +
      'and browsers give a cross-site frame no storage for the device share. Serve the frame from a subdomain of the ' +
      `host's site (FOYER_WALLET_ORIGIN, e.g. https://wallet.${example}) or, in development, the same host name with another port ` +
      '(http://localhost:8788 for a host on http://localhost:5173).',
  )
}
