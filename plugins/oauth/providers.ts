import { oauthProviderIds, providerDisplayNames, type OAuthProviderId } from './providerIds.js'
import { providerIcons } from './providerIcons.js'

export { oauthProviderIds, isOAuthProvider, providerDisplayName, type OAuthProviderId } from './providerIds.js'

/** How a provider looks on the landing list and its screens (its endpoints stay on the server). */
export interface OAuthProviderMeta {
  id: OAuthProviderId
  displayName: string
  /** Inline SVG (plugin code, never user input). */
  icon: string
}

/** Every supported provider as the client shows it. */
export const oauthProviders = Object.fromEntries(
  oauthProviderIds.map((id) => [id, { id, displayName: providerDisplayNames[id], icon: providerIcons[id] }]),
) as Record<OAuthProviderId, OAuthProviderMeta>
