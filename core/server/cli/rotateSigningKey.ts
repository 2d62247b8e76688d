import { createPgliteDb } from '../db/createPgliteDb.js'
import { createPostgresDb } from '../db/createPostgresDb.js'
import type { Db } from '../db/Db.js'
import { postgresOptionsFromEnv } from '../db/postgresOptionsFromEnv.js'
import { runMigrations } from '../db/runMigrations.js'
import { serverMigrations } from '../db/serverMigrations.js'
import { rotateSigningKey, type RotateSigningKeyReturnType } from '../rotateSigningKey.js'
import { DEFAULT_SIGNING_KEY_LEAD_SECONDS, MIN_SIGNING_KEY_LEAD_SECONDS } from '../signingKeys.js'

/** Options of `foyer rotate-signing-key`; each defaults as the server's own (DATABASE_URL, FOYER_DATA_DIR). */
export interface RotateSigningKeyCommandOptions {
  databaseUrl?: string
  dataDir?: string
  /** Seconds before the new key signs (default 600, at least 360). */
  leadSeconds?: number
  now?: number
  /** Where the report goes (default stdout). */
  print?: (line: string) => void
}

/**
 * `foyer rotate-signing-key`: opens the database as the server does (DATABASE_URL, else the PGlite folder
 * FOYER_DATA_DIR, default ./.foyer-data), brings the kernel's tables up to date and rotates the token signing key.
 * Running instances publish the new key within a minute and sign with it once the lead is over; nobody restarts.
 */
export async function rotateSigningKeyCommand(options: RotateSigningKeyCommandOptions = {}): Promise<RotateSigningKeyReturnType> {
  const print = options.print ?? ((line: string) => console.log(line))
  const leadSeconds = options.leadSeconds ?? DEFAULT_SIGNING_KEY_LEAD_SECONDS
  // Refused before the database is opened (or a PGlite folder made).
  if (!(leadSeconds >= MIN_SIGNING_KEY_LEAD_SECONDS)) throw new Error(`--lead-seconds must be at least ${MIN_SIGNING_KEY_LEAD_SECONDS}: instances reload keys every 60 s and /jwks.json is cached 300 s`)
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL
  // PGlite's folder belongs to one process: with the embedded database this runs while the server is stopped.
  const db: Db = databaseUrl
    ? await createPostgresDb(databaseUrl, postgresOptionsFromEnv(process.env))
    : await createPgliteDb(options.dataDir ?? process.env.FOYER_DATA_DIR ?? './.foyer-data')
  try {
    await runMigrations(db, serverMigrations([]))
    const result = await rotateSigningKey(db, { now: options.now ?? Date.now(), leadSeconds })
    const when = result.activatesAt.toISOString()
    print(
      result.created
        ? `New signing key ${result.kid}: published in /jwks.json by every instance within a minute, signing from ${when}.`
        : `Signing key ${result.kid} is already waiting to sign from ${when}: no other key made.`,
    )
    print(result.retired.length ? `Retired (every token they signed has expired): ${result.retired.join(', ')}.` : 'No key to retire yet: replaced keys retire 65 minutes after they stop signing (run this again then).')
    if (!databaseUrl) print('Embedded database (PGlite): the server must be stopped while this runs; it uses the new key from its next start.')
    return result
  } finally {
    await db.close()
  }
}
