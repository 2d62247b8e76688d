import type { ServerContext } from '../../../core/server/index.js'
import { ADMIN_APP_ID } from '../adminApi.js'

/**
 * Creates the admin app in the app store when it is absent (`entry`: adminAppEntry's), as `system`. Another instance
 * starting at the same time may create it first (409 app_exists): then it is there, as wanted. An app of that id kept
 * in the store (or seeded from the config) is left as it is: operators change it in the console.
 */
export async function ensureAdminApp(ctx: ServerContext, entry: Record<string, unknown>): Promise<void> {
  if (await ctx.appStore.get(ADMIN_APP_ID)) return
  try {
    await ctx.appStore.create(entry, 'system')
    ctx.logger.info(`[admin] the admin app ${ADMIN_APP_ID} was created: operators sign in to it (foyer admin add <email>)`)
  } catch (error) {
    if (error instanceof ctx.HttpError && error.code === 'app_exists') return
    throw error
  }
}
