import { APP_ID_LENGTH } from '../../protocol/index.js'
import { createAppSecrets } from '../appSecrets.js'
import { createPgliteDb } from '../db/createPgliteDb.js'
import { createPostgresDb } from '../db/createPostgresDb.js'
import type { Db } from '../db/Db.js'
import { postgresOptionsFromEnv } from '../db/postgresOptionsFromEnv.js'
import { runMigrations } from '../db/runMigrations.js'
import { serverMigrations } from '../db/serverMigrations.js'

/** Where `foyer app-secret` writes, and which database it opens (default as the server: DATABASE_URL, FOYER_DATA_DIR). */
export interface AppSecretCommandOptions {
  out(line: string): void
  err(line: string): void
  databaseUrl?: string
  dataDir?: string
  now?: () => number
}

export const APP_SECRET_USAGE = `  app-secret create <appId>               Make an app secret for the management API and delegated actions (HTTP Basic
                                          appId:secret). It is printed once and stored only hashed.
  app-secret list <appId>                 The app's secrets: id, prefix, created, last used, revoked.
  app-secret revoke <appId> <id>          Revoke a secret: every instance refuses it from its next request.`

const iso = (seconds: number | null) => (seconds === null ? '-' : new Date(seconds * 1000).toISOString())

/**
 * `foyer app-secret create|list|revoke`: answers the exit code (2: bad arguments, 1: failed). Opens the database as the
 * server does; with the embedded database (PGlite, one process) the server must be stopped first.
 */
export async function appSecretCommand(args: readonly string[], options: AppSecretCommandOptions): Promise<number> {
  const [action, appId, id, ...extra] = args
  const arity = action === 'revoke' ? 2 : 1
  if (!['create', 'list', 'revoke'].includes(action ?? '') || !appId || (arity === 2) !== (id !== undefined) || extra.length) {
    options.err(`foyer app-secret: expected create <appId>, list <appId> or revoke <appId> <id>\n\nUsage:\n${APP_SECRET_USAGE}`)
    return 2
  }
  if (appId.length !== APP_ID_LENGTH || !/^[\x21-\x7e]+$/.test(appId)) {
    options.err(`foyer app-secret: "${appId}" is not an app id (${APP_ID_LENGTH} characters, as in the apps config)`)
    return 2
  }
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL
  let db: Db | undefined
  try {
    db = databaseUrl
      ? await createPostgresDb(databaseUrl, postgresOptionsFromEnv(process.env))
      : await createPgliteDb(options.dataDir ?? process.env.FOYER_DATA_DIR ?? './.foyer-data')
    await runMigrations(db, serverMigrations([]))
    const secrets = createAppSecrets(db, { now: options.now ?? Date.now })
    if (action === 'create') {
      const made = await secrets.create(appId)
      options.out(`App secret ${made.id} for app ${appId} (shown this once; store it in your back end's secrets):`)
      options.out(made.secret)
    } else if (action === 'list') {
      const list = await secrets.list(appId)
      if (!list.length) options.out(`App ${appId} has no app secrets.`)
      for (const s of list) {
        options.out(`${s.id}  ${s.prefix}…  created ${iso(s.created_at)}  last used ${iso(s.last_used_at)}${s.revoked_at === null ? '' : `  revoked ${iso(s.revoked_at)}`}`)
      }
    } else {
      if (!(await secrets.revoke(appId, id!))) {
        options.err(`foyer app-secret: app ${appId} has no live secret ${id}`)
        return 1
      }
      options.out(`Revoked app secret ${id} of app ${appId}: refused from the next request on.`)
    }
    return 0
  } catch (error) {
    options.err(`foyer app-secret: ${(error as Error).message}`)
    return 1
  } finally {
    await db?.close()
  }
}
