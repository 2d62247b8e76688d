import type { App } from '../apps.js'
import type { AppStore, StoredApp } from '../AppStore.js'
import type { Db } from '../db/Db.js'
import type { Events } from '../events/createEvents.js'
import type { ServerEventType } from '../events/serverEventTypes.js'
import { HttpError } from '../HttpError.js'
import type { Logger } from '../Logger.js'
import { pathsWhere, setValueAt, valueAt } from './appSecretPaths.js'
import { APPS_KEK_PREVIOUS_VAR, APPS_KEK_VAR } from './appsKey.js'
import { AppSecretError, isPlaceholder, isSealed, type AppEntrySecrets } from './createAppEntrySecrets.js'
import { canonicalJson, hashAppEntry } from './hashAppEntry.js'
import { newAppId } from './newAppId.js'
import { InvalidAppEntryError, validateAppEntry, type AppBuildContext, type ParsedAppEntry } from './validateAppEntry.js'

/** An apps row as stored. */
export interface AppRow {
  id: string
  name: string
  entry: Record<string, unknown>
  source: 'config' | 'console'
  seed_hash: string | null
  revision: number
  created_at: Date | string
  updated_at: Date | string
}

export interface AppStoreDeps {
  db: Db
  events: Events
  logger: Logger
  now: () => number
  /** The Map the request path reads (`ctx.apps`, appGuard, the cookie middleware): its contents are swapped in place. */
  appMap: Map<string, App>
  build: AppBuildContext
  secrets: AppEntrySecrets
  /** The apps key (seed hashes HMAC secret fields under it); null without one. */
  key: Uint8Array | null
  /** Earlier apps keys (FOYER_APPS_KEK_PREVIOUS): a seed hash made under one still means "the config is unchanged". */
  previousKeys?: readonly Uint8Array[]
  /**
   * More rules a written entry must meet (production's sms_auth check, the plugins' checkApp): a message
   * `<field>: <why>` refuses it. `app` is the entry as it would be served.
   */
  checkEntry?: (entry: ParsedAppEntry, app: App) => string | null
}

/** The store plus what createServer drives: seeding, the poll timer. */
export interface AppStoreRuntime extends AppStore {
  /** Seeds the config's entries (AppStore.ts's rules), in one transaction under a lock: instances starting together agree. */
  seed(entries: readonly ParsedAppEntry[]): Promise<void>
  /**
   * Moves every secret field sealed under a previous apps key to the current one, in one transaction under the seed lock
   * (the plaintext, the row's revision and updated_at stay), and logs how many moved. Answers how many apps and fields.
   */
  rekey(): Promise<{ apps: number; fields: number }>
  /** Checks the revision counter once; reloads when it moved. Never throws: a failure keeps the last apps. */
  poll(): Promise<void>
  /** Polls every `everyMs` on an unref'd timer until `stop()` (the server's close: no poll after it). */
  startPolling(everyMs: number): void
  stop(): void
  /** True when a stored entry holds a sealed secret (last reload). */
  readonly holdsSecrets: boolean
}

const COLUMNS = 'id, name, entry, source, seed_hash, revision, created_at, updated_at'
const invalid = (message: string) => new HttpError(400, 'invalid_app_config', message)
const seconds = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000)
// Any constant of its own: seeding instances queue on it, so two starts never insert the same app twice.
const SEED_LOCK = 738120027

export function createAppStore(deps: AppStoreDeps): AppStoreRuntime {
  const { db, events, logger, now, appMap, build, secrets } = deps
  let loadedRevision = -1
  let holdsSecrets = false
  let failing = false
  let polling: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null
  let stopped = false

  const bump = (tx: Db) => tx.query('UPDATE apps_revision SET revision = revision + 1')
  const toStored = (row: AppRow): StoredApp => ({
    id: row.id,
    name: row.name,
    entry: secrets.mask(row.entry),
    source: row.source,
    revision: Number(row.revision),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  })
  const secretPathSet = (entry: Record<string, unknown>) => new Set(secrets.paths(entry).map((p) => p.join('.')))
  const hashOf = (plain: Record<string, unknown>) => hashAppEntry(plain, secrets.paths(plain), deps.key)
  /** The entry's seed hash under the current key or a previous one (a rotated key changes only the secrets' HMACs). */
  const seededAs = (plain: Record<string, unknown>, seedHash: string | null) =>
    seedHash !== null && [deps.key, ...(deps.previousKeys ?? [])].some((key) => hashAppEntry(plain, secrets.paths(plain), key) === seedHash)

  /** Builds every row into a new Map; an entry that no longer validates (a plugin removed, another key) is skipped. */
  const buildAll = (rows: AppRow[]) => {
    const next = new Map<string, App>()
    let sealed = false
    for (const row of rows) {
      try {
        sealed ||= secrets.hasSealed(row.entry)
        const plain = secrets.open(row.id, row.entry)
        const { app } = validateAppEntry(plain, build, secretPathSet(plain))
        app.config.created_at = seconds(row.created_at)
        app.config.updated_at = seconds(row.updated_at)
        next.set(row.id, app)
      } catch (error) {
        const reason = error instanceof InvalidAppEntryError || error instanceof AppSecretError ? error.message : `unexpected ${(error as Error).name}`
        logger.error(`[foyer] app ${row.id}: its stored entry is skipped (not served) until fixed: ${reason}`)
      }
    }
    return { next, sealed }
  }

  const reload = async () => {
    const { revision, rows } = await db.tx(async (tx) => {
      const [counter] = await tx.query<{ revision: number }>('SELECT revision FROM apps_revision')
      return { revision: Number(counter?.revision ?? 0), rows: await tx.query<AppRow>(`SELECT ${COLUMNS} FROM apps ORDER BY created_at, id`) }
    })
    // A slower reload of an older revision never replaces a newer one.
    if (revision < loadedRevision) return
    const { next, sealed } = buildAll(rows)
    loadedRevision = revision
    holdsSecrets = sealed
    // Swapped synchronously in the same Map: appGuard and everything holding it sees the new apps from now on.
    appMap.clear()
    for (const [id, app] of next) appMap.set(id, app)
  }

  /** The plaintext entry to store: placeholders resolved from `previous`, validated like a config entry, then sealed. */
  const prepare = (appId: string, input: Record<string, unknown>, previous: AppRow | null) => {
    const placeholders = pathsWhere(input, isPlaceholder)
    // Stored secrets that don't open (another FOYER_APPS_KEK) can't be kept, but an update sending new values still works.
    let opened = true
    let previousPlain: Record<string, unknown> | null = null
    if (previous) {
      try {
        previousPlain = secrets.open(previous.id, previous.entry)
      } catch {
        opened = false
        previousPlain = secrets.mask(previous.entry)
      }
    }
    const plain = structuredClone(input)
    for (const path of placeholders) {
      if (!previous || !isSealed(valueAt(previous.entry, path))) throw invalid(`${path.join('.')}: no stored secret to keep: send the value`)
      if (!opened) throw invalid(`${path.join('.')}: the stored secret does not open with the apps key: send the value`)
      setValueAt(plain, path, valueAt(previousPlain, path))
    }
    let built: { parsed: ParsedAppEntry; app: App }
    try {
      built = validateAppEntry(plain, build, secretPathSet(plain))
    } catch (error) {
      if (error instanceof InvalidAppEntryError) throw invalid(error.message)
      throw error
    }
    const refused = deps.checkEntry?.(built.parsed, built.app)
    if (refused) throw invalid(refused)
    try {
      return { plain, stored: secrets.seal(appId, plain, placeholders, previous?.entry ?? null), previousPlain }
    } catch (error) {
      if (error instanceof AppSecretError) throw invalid(error.message)
      throw error
    }
  }
  /** After a committed write: this instance serves it at once; if the reload fails, the next poll brings it. */
  const applyNow = async () => {
    try {
      await reload()
    } catch (error) {
      logger.warn('[foyer] apps: a change is stored but this instance could not reload yet; the next poll applies it', { error: (error as Error).name })
    }
  }
  const changedKeys = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => {
    const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
    return [...keys].filter((k) => canonicalJson(before?.[k]) !== canonicalJson(after?.[k])).sort()
  }
  const audit = (tx: Db, type: ServerEventType, appId: string, actor: string, changed: string[]) =>
    events.emit(type, { appId, actor, data: { changed }, db: tx })
  const getRow = async (tx: Db, appId: string) => (await tx.query<AppRow>(`SELECT ${COLUMNS} FROM apps WHERE id = $1`, [appId]))[0] ?? null

  const store: AppStoreRuntime = {
    get holdsSecrets() {
      return holdsSecrets
    },
    async list() {
      return (await db.query<AppRow>(`SELECT ${COLUMNS} FROM apps ORDER BY created_at, id`)).map(toStored)
    },
    async get(appId) {
      const row = await getRow(db, appId)
      return row ? toStored(row) : null
    },
    async create(entry, actor) {
      const input = { ...entry, id: entry.id ?? newAppId() }
      if (typeof input.id !== 'string') throw invalid('id: Invalid type')
      const appId = input.id
      const { plain, stored } = prepare(appId, input, null)
      const at = new Date(now())
      const row = await db.tx(async (tx) => {
        const [inserted] = await tx.query<AppRow>(
          `INSERT INTO apps (id, name, entry, source, seed_hash, revision, created_at, updated_at) VALUES ($1, $2, $3, 'console', NULL, 1, $4, $4)
           ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
          [appId, plain.name, JSON.stringify(stored), at],
        )
        if (!inserted) throw new HttpError(409, 'app_exists', `An app with id ${appId} exists`)
        await bump(tx)
        await audit(tx, 'app.created', appId, actor, changedKeys(null, plain))
        return inserted
      })
      await applyNow()
      return toStored(row)
    },
    async update(appId, entry, revision, actor) {
      if (entry.id !== undefined && entry.id !== appId) throw invalid(`id: Must be the app's id (${appId})`)
      const row = await db.tx(async (tx) => {
        const previous = await getRow(tx, appId)
        if (!previous) throw new HttpError(404, 'app_not_found', `No app ${appId}`)
        if (Number(previous.revision) !== revision) throw new HttpError(409, 'app_changed', `App ${appId} changed since revision ${revision}: reload it`)
        const { plain, stored, previousPlain } = prepare(appId, { ...entry, id: appId }, previous)
        const [updated] = await tx.query<AppRow>(
          `UPDATE apps SET name = $2, entry = $3, revision = revision + 1, updated_at = $4 WHERE id = $1 AND revision = $5 RETURNING ${COLUMNS}`,
          [appId, plain.name, JSON.stringify(stored), new Date(now()), revision],
        )
        if (!updated) throw new HttpError(409, 'app_changed', `App ${appId} changed since revision ${revision}: reload it`)
        await bump(tx)
        await audit(tx, 'app.updated', appId, actor, changedKeys(previousPlain, plain))
        return updated
      })
      await applyNow()
      return toStored(row)
    },
    async delete(appId, actor) {
      await db.tx(async (tx) => {
        const [deleted] = await tx.query<AppRow>(`DELETE FROM apps WHERE id = $1 RETURNING ${COLUMNS}`, [appId])
        if (!deleted) throw new HttpError(404, 'app_not_found', `No app ${appId}`)
        await bump(tx)
        await audit(tx, 'app.deleted', appId, actor, Object.keys(deleted.entry).sort())
      })
      await applyNow()
    },
    refresh: reload,

    async seed(entries) {
      await db.tx(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(${SEED_LOCK})`)
        const rows = new Map((await tx.query<AppRow>(`SELECT ${COLUMNS} FROM apps`)).map((r) => [r.id, r]))
        const at = new Date(now())
        let changed = false
        for (const entry of entries) {
          const plain = entry as Record<string, unknown>
          const hash = hashOf(plain)
          const row = rows.get(entry.id)
          if (row?.seed_hash === hash) continue
          if (row && seededAs(plain, row.seed_hash)) {
            // The apps key rotated, the config did not: the stored row (console edits too) stays, its hash moves to the key.
            await tx.query('UPDATE apps SET seed_hash = $2 WHERE id = $1', [entry.id, hash])
            continue
          }
          const stored = secrets.seal(entry.id, plain, [], null)
          if (row) logger.info(`[foyer] app ${entry.id}: the config changed since it was seeded: its entry replaces the stored one`)
          await tx.query(
            `INSERT INTO apps (id, name, entry, source, seed_hash, revision, created_at, updated_at) VALUES ($1, $2, $3, 'config', $4, 1, $5, $5)
             ON CONFLICT (id) DO UPDATE SET name = $2, entry = $3, source = 'config', seed_hash = $4, revision = apps.revision + 1, updated_at = $5`,
            [entry.id, entry.name, JSON.stringify(stored), hash, at],
          )
          changed = true
        }
        const inConfig = new Set(entries.map((e) => e.id))
        for (const row of rows.values()) {
          if (row.source !== 'config' || inConfig.has(row.id)) continue
          let unedited = false
          try {
            unedited = seededAs(secrets.open(row.id, row.entry), row.seed_hash)
          } catch {
            // A secret that doesn't open (another key): treat it as edited, keep it.
          }
          if (unedited) {
            await tx.query('DELETE FROM apps WHERE id = $1', [row.id])
            logger.info(`[foyer] app ${row.id}: removed from the config, so deleted from the app store`)
            changed = true
          } else {
            logger.warn(`[foyer] app ${row.id}: removed from the config but edited since it was seeded: kept (delete it in the console if it should go)`)
          }
        }
        if (changed) await bump(tx)
      })
    },
    async rekey() {
      const moved = { apps: 0, fields: 0 }
      if (!deps.previousKeys?.length) return moved
      await db.tx(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(${SEED_LOCK})`)
        for (const row of await tx.query<AppRow>(`SELECT ${COLUMNS} FROM apps ORDER BY id`)) {
          let resealed: ReturnType<AppEntrySecrets['reseal']>
          try {
            resealed = secrets.reseal(row.id, row.entry)
          } catch (error) {
            // A value under no key it has: left as it is (the reload logs the app as skipped).
            if (error instanceof AppSecretError) continue
            throw error
          }
          if (!resealed) continue
          await tx.query('UPDATE apps SET entry = $2 WHERE id = $1', [row.id, JSON.stringify(resealed.entry)])
          moved.apps += 1
          moved.fields += resealed.moved
        }
        // Other instances reload: the values they open are now under the new key.
        if (moved.apps) await bump(tx)
      })
      logger.info(
        moved.fields
          ? `[foyer] apps: ${moved.fields} secret field(s) of ${moved.apps} app(s) moved from ${APPS_KEK_PREVIOUS_VAR} to ${APPS_KEK_VAR}`
          : `[foyer] apps: no secret field is sealed under a key of ${APPS_KEK_PREVIOUS_VAR}: every one opens with ${APPS_KEK_VAR}`,
      )
      return moved
    },
    async poll() {
      if (stopped) return
      if (polling) return polling
      polling = (async () => {
        try {
          const [counter] = await db.query<{ revision: number }>('SELECT revision FROM apps_revision')
          if (Number(counter?.revision ?? 0) !== loadedRevision) await reload()
          if (failing) logger.info('[foyer] apps: the app store answers again; apps are current')
          failing = false
        } catch (error) {
          // A poll under way while the server closes its database is no outage.
          if (!failing && !stopped) logger.warn('[foyer] apps: cannot read the app store; serving the last loaded apps until it answers', { error: (error as Error).name })
          failing = true
        } finally {
          polling = null
        }
      })()
      return polling
    },
    startPolling(everyMs) {
      timer ??= setInterval(() => void store.poll(), everyMs)
      timer.unref?.()
    },
    stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = null
    },
  }
  return store
}
