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

/**
 * Every supported provider as the client shows it (for hosts). The plugin's own code imports providerIds.ts and
 * providerIcons.ts instead: this module is re-exported by the plugin entry, so if its code were used by a lazy chunk,
 * esbuild (--splitting) would put it and the marks (~2.4 kB gzip) in every host's first load.
 */
export const oauthProviders = Object.fromEntries(
  oauthProviderIds.map((id) => [id, { id, displayName: providerDisplayNames[id], icon: providerIcons[id] }]),
) as Record<OAuthProviderId, OAuthProviderMeta>
