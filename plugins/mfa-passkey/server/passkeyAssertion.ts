/** What an assertion's clientDataJSON says: the challenge it signed, the page's origin and, in a frame, the top page's. */
export interface AssertionClientData {
  challenge: string
  origin: string
  /** Made in a frame whose origin differs from the top page's. */
  crossOrigin: boolean
  /** The top page's origin, when the browser says (Chromium does; Safari doesn't yet). */
  topOrigin: string | null
}

/** The assertion's client data, or null when malformed. */
export function clientDataOf(clientDataJson: string): AssertionClientData | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8')) as Record<string, unknown>
    if (data.type !== 'webauthn.get' || typeof data.challenge !== 'string' || typeof data.origin !== 'string') return null
    if (!/^[A-Za-z0-9_-]{1,256}$/.test(data.challenge)) return null
    if (data.topOrigin !== undefined && typeof data.topOrigin !== 'string') return null
    return { challenge: data.challenge, origin: data.origin, crossOrigin: data.crossOrigin === true, topOrigin: (data.topOrigin as string | undefined) ?? null }
  } catch {
    return null
  }
}

/** What @simplewebauthn checks the assertion's origins against. */
export interface ExpectedOrigins {
  expectedOrigin: string
  /** Set for an assertion made in the wallet frame: the app's pages that may embed it. */
  expectedTopOrigin?: string[]
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin)
  } catch {
    return null
  }
}

/**
 * Where a passkey MFA assertion may come from (ARCHITECTURE §15), or null:
 * - made in the wallet frame (crossOrigin): its origin is the wallet origin, whose host is the relying party or a
 *   subdomain of it (wallet.example.com for example.com, as WebAuthn allows), and its top page, when the browser
 *   names it, is one of the app's pages;
 * - made in a page of the app (hosts without the wallet frame, headless useMfa): one of the app's origins whose host
 *   is exactly the relying party. The wallet origin itself is never a top page.
 */
export function expectedOrigins(client: AssertionClientData, rpId: string, appOrigins: ReadonlySet<string>, walletOrigin: string | null): ExpectedOrigins | null {
  const pages = [...appOrigins].filter((o) => o !== walletOrigin)
  const url = hostOf(client.origin)
  if (!url || url.origin !== client.origin) return null
  if (client.crossOrigin) {
    if (!walletOrigin || client.origin !== walletOrigin) return null
    if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) return null
    if (client.topOrigin !== null && !pages.includes(client.topOrigin)) return null
    return { expectedOrigin: walletOrigin, expectedTopOrigin: pages }
  }
  if (client.topOrigin !== null || !pages.includes(client.origin) || url.hostname !== rpId) return null
  return { expectedOrigin: client.origin }
}
