/**
 * Apps in the database (issue 27): the app store behind `ctx.apps`. FOYER_CONFIG / `createServer({ apps })` seed it at
 * start; the admin console (or anything holding `ctx.appStore`) changes it; every instance sees a change within
 * seconds (it polls the store's revision), without a restart.
 *
 * Secrets in plugin sections (each plugin names its secret fields: `ServerPlugin.appSecretFields`) are stored sealed
 * and never returned by a read: they read as SECRET_PLACEHOLDER, and a placeholder written back keeps the stored value.
 */

/** What a secret field of an entry reads as; written back unchanged, it keeps the stored secret. */
export const APP_SECRET_PLACEHOLDER = { $secret: 'set' } as const

/** One stored app, as an operator may read it (secret fields masked). */
export interface StoredApp {
  id: string
  name: string
  /** The entry exactly as a config file declares it, secret fields replaced by APP_SECRET_PLACEHOLDER. */
  entry: Record<string, unknown>
  /** 'config': seeded from the config; 'console': created through the store (admin console, CLI). */
  source: 'config' | 'console'
  /** The app's own revision: bumped by each change of it. */
  revision: number
  createdAt: Date
  updatedAt: Date
}

export interface AppStore {
  list(): Promise<StoredApp[]>
  get(appId: string): Promise<StoredApp | null>
  /**
   * Validates `entry` like a config file's (400 invalid_app_config naming the field; a missing id gets a new one),
   * stores it (409 app_exists), audits `app.created` with `actor`, and applies it on this instance at once.
   */
  create(entry: Record<string, unknown>, actor: string): Promise<StoredApp>
  /**
   * Replaces the entry (placeholders keep stored secrets; 404 app_not_found; 409 app_changed when `revision` is not
   * the stored one), audits `app.updated`, applies it at once here and within seconds elsewhere.
   */
  update(appId: string, entry: Record<string, unknown>, revision: number, actor: string): Promise<StoredApp>
  /** Deletes the app's entry (its users stay, unreachable until an app with that id exists again); audits `app.deleted`. */
  delete(appId: string, actor: string): Promise<void>
  /** Reloads every app from the database now (otherwise each instance polls). */
  refresh(): Promise<void>
}
