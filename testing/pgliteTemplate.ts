import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { createPgliteDb } from '../core/server/db/createPgliteDb.js'
import type { Db } from '../core/server/db/Db.js'
import { pgliteAsDb } from '../core/server/db/pgliteAsDb.js'
import { runMigrations, type Migration } from '../core/server/db/runMigrations.js'
import { leaseTemplateDb } from './templateDbPool.js'

// A dump is only valid for the PGlite build that wrote it.
const pgliteDist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
const pgliteVersion = (JSON.parse(readFileSync(join(pgliteDist, '..', 'package.json'), 'utf8')) as { version: string }).version
const PREFIX = 'foyer-pglite-'
const fileFor = (key: string) => join(tmpdir(), `${PREFIX}${pgliteVersion}-${key}.tar`)
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)
const keyOf = (migrations: readonly Migration[]) => hash(JSON.stringify(migrations.map((m) => [m.id, m.sql])))

/** The dump in `file`, marked as used by this run; null when there is none (or another run just removed it). */
function read(file: string): Blob | null {
  try {
    const bytes = readFileSync(file)
    if (bytes.byteLength === 0) return null
    const now = new Date()
    utimesSync(file, now, now)
    return new Blob([bytes])
  } catch {
    return null
  }
}

/** Reads a dump, or builds and writes it: to a temp name, then renamed, so a racing worker never reads half. */
async function cached(file: string, build: () => Promise<Blob>): Promise<Blob> {
  const found = read(file)
  if (found) return found
  const blob = await build()
  const partial = `${file}.${process.pid}.${Date.now()}.partial`
  writeFileSync(partial, new Uint8Array(await blob.arrayBuffer()))
  renameSync(partial, file)
  return blob
}

const dumps = new Map<string, Promise<Blob>>()
const once = (key: string, build: () => Promise<Blob>) => {
  let dump = dumps.get(key)
  if (!dump) {
    dump = cached(fileFor(key), build)
    // A failed build is retried by the next caller instead of failing every later test.
    dump.catch(() => dumps.delete(key))
    dumps.set(key, dump)
  }
  return dump
}

/** A data folder right after initdb (the seconds-long part of opening a new PGlite database). */
export const initdbDump = () =>
  once('initdb', async () => {
    const pg = await PGlite.create()
    try {
      return await pg.dumpDataDir('none')
    } finally {
      await pg.close()
    }
  })

/** The path of the initdb dump, made first when missing (FOYER_PGLITE_TEMPLATE for servers tests build themselves). */
export async function initdbDumpFile(): Promise<string> {
  await initdbDump()
  return fileFor('initdb')
}

/**
 * A data folder dump with `migrations` applied, made once per PGlite version and migration set and shared
 * by every test worker through the OS temp folder (keyed by a hash of the migrations' ids and SQL, so a
 * changed migration makes a new one).
 */
export function pgliteTemplate(migrations: readonly Migration[]): Promise<Blob> {
  return once(keyOf(migrations), async () => {
    const pg = await PGlite.create({ loadDataDir: await initdbDump() })
    try {
      await runMigrations(pgliteAsDb(pg), migrations)
      return await pg.dumpDataDir('none')
    } finally {
      await pg.close()
    }
  })
}

/**
 * An in-memory database in the template's state for `migrations`: a new one started from the template (about a second
 * instead of initdb's seconds), or one a closed test database left, emptied back to that state in milliseconds
 * (templateDbPool.ts).
 */
export function openTemplateDb(migrations: readonly Migration[]): Promise<Db> {
  const key = keyOf(migrations)
  return leaseTemplateDb(key, async () => {
    const template = await pgliteTemplate(migrations)
    try {
      return await createPgliteDb(':memory:', { template })
    } catch (error) {
      // A damaged dump in the temp folder: drop it so the next run builds a fresh one.
      rmSync(fileFor(key), { force: true })
      dumps.delete(key)
      throw error
    }
  })
}

/** Removes the dumps (and abandoned partial writes) not used since `since`: other migration sets, other PGlite versions. */
export function removeTemplatesUnusedSince(since: number): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue
    const file = join(tmpdir(), name)
    try {
      if (statSync(file).mtimeMs < since) rmSync(file, { force: true })
    } catch {
      // Another run removed it first.
    }
  }
}
