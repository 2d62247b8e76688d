/** What an assertion's clientDataJSON says: the challenge it signed and the page's origin; null when malformed. */
export function clientDataOf(clientDataJson: string): { challenge: string; origin: string } | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8')) as { challenge?: unknown; origin?: unknown; type?: unknown }
    if (data.type !== 'webauthn.get' || typeof data.challenge !== 'string' || typeof data.origin !== 'string') return null
    if (!/^[A-Za-z0-9_-]{1,256}$/.test(data.challenge)) return null
    return { challenge: data.challenge, origin: data.origin }
  } catch {
    return null
  }
}

/** Whether `origin` is one of the app's allowed origins and its host is the relying party (WebAuthn's rule, exact host). */
export function originFitsRelyingParty(origin: string, rpId: string, allowedOrigins: ReadonlySet<string>): boolean {
  try {
    const url = new URL(origin)
    return allowedOrigins.has(url.origin.toLowerCase()) && url.hostname === rpId
  } catch {
    return false
  }
}
