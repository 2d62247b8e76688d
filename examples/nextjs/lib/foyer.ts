import { FoyerClient } from 'foyer/node'

/** The server half: verifies access tokens against the Foyer server's JWKS (fetch + WebCrypto, no app secret needed). */
export const foyer = new FoyerClient({ appId: process.env.NEXT_PUBLIC_FOYER_APP_ID!, apiUrl: process.env.NEXT_PUBLIC_FOYER_API_URL! })

/** The cookie the Foyer server sets when the app has session cookies (HttpOnly). */
export const TOKEN_COOKIE = 'foyer-token'

/** The signed-in user's id, or null for a missing, forged or expired token. */
export async function userIdOf(token: string | undefined): Promise<string | null> {
  if (!token) return null
  try {
    return (await foyer.verifyAuthToken(token)).userId
  } catch {
    return null
  }
}
