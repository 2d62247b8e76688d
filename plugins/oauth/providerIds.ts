/** The OAuth providers the spec names, in its order; then LINE (which Privy added later). */
export const oauthProviderIds = ['google', 'discord', 'github', 'linkedin', 'twitter', 'spotify', 'instagram', 'tiktok', 'apple', 'line'] as const
export type OAuthProviderId = (typeof oauthProviderIds)[number]

/** Each provider's name as its users know it. */
export const providerDisplayNames: Record<OAuthProviderId, string> = {
  google: 'Google',
  discord: 'Discord',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  apple: 'Apple',
  line: 'LINE',
}

/** Whether `id` names a supported provider. */
export const isOAuthProvider = (id: unknown): id is OAuthProviderId =>
  typeof id === 'string' && (oauthProviderIds as readonly string[]).includes(id)

/** The provider's display name; 'Unknown' for anything else (the spec). */
export function providerDisplayName(id: string | null | undefined): string {
  return isOAuthProvider(id) ? providerDisplayNames[id] : 'Unknown'
}
