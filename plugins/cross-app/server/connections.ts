import type { App } from '../../../core/server/apps.js'
import { normalizeOrigin } from '../../../core/server/apps.js'
import type { CrossAppConnection, CrossAppSection } from '../schema.js'

/** The plugin's id, which is also the key of its app section. */
export const CROSS_APP_ID = 'cross-app'

/** An app's "cross-app" section, if it has one. */
export const sectionOf = (app: App): CrossAppSection | undefined => app.plugins[CROSS_APP_ID] as CrossAppSection | undefined

/** What `provider` allows `requesterId` (its requester entry), or null when the provider doesn't list it. */
export function requesterEntry(provider: App | undefined, requesterId: string) {
  const section = provider ? sectionOf(provider) : undefined
  const entry = section?.requesters.find((r) => r.app_id === requesterId)
  return section && entry ? { section, origins: entry.origins.map(normalizeOrigin), readOnly: entry.read_only } : null
}

/** §3: every provider app whose section lists the requester. */
export function connectionsOf(apps: App[], requesterId: string): CrossAppConnection[] {
  return apps.flatMap((app) => {
    const found = requesterEntry(app, requesterId)
    if (!found) return []
    return [{
      provider_app_id: app.id,
      provider_app_name: app.name,
      provider_app_icon_url: found.section.icon_url ?? (typeof app.config.logo_url === 'string' ? app.config.logo_url : null),
      provider_app_custom_api_url: found.section.provider_url.replace(/\/+$/, ''),
      read_only: found.readOnly,
    }]
  })
}
