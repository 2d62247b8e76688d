import type { Db } from './db/Db.js'
import { DEFAULT_SIGNING_KEY_LEAD_SECONDS, insertSigningKey, loadSigningKeys, MIN_SIGNING_KEY_LEAD_SECONDS, signingKeySchedule } from './signingKeys.js'

/** Options of rotateSigningKey. */
export interface RotateSigningKeyParameters {
  /** Clock in epoch ms (default Date.now). */
  now?: number
  /**
   * Seconds before the new key signs (default 600, at least 360): every instance reloads keys at least every 60 s and
   * /jwks.json is cached up to 300 s, so by then everyone who verifies has the key.
   */
  leadSeconds?: number
}

/** What rotateSigningKey did. */
export interface RotateSigningKeyReturnType {
  /** The new key, or the one already waiting to activate (a second rotation before it does adds none). */
  kid: string
  activatesAt: Date
  created: boolean
  /** Replaced keys whose tokens have all expired, marked retired now: no longer published nor accepted. */
  retired: string[]
}

/**
 * Rotates the token signing key without a restart: stores a new key that activates `leadSeconds` from now (published
 * in /jwks.json at once, signing from then on), and retires the replaced keys none of whose tokens can still be valid
 * (an hour, the longest access-token life, plus 5 minutes after they stopped signing). Run it again later to retire.
 */
export async function rotateSigningKey(db: Db, { now = Date.now(), leadSeconds = DEFAULT_SIGNING_KEY_LEAD_SECONDS }: RotateSigningKeyParameters = {}): Promise<RotateSigningKeyReturnType> {
  if (!(Number.isFinite(leadSeconds) && leadSeconds >= MIN_SIGNING_KEY_LEAD_SECONDS)) {
    throw new Error(`leadSeconds must be at least ${MIN_SIGNING_KEY_LEAD_SECONDS}: instances reload keys every 60 s and /jwks.json is cached 300 s`)
  }
  return db.tx(async (tx) => {
    // One rotation at a time (the table's rows are the lock; a distributed engine without advisory locks accepts it).
    await tx.query('SELECT kid FROM signing_keys FOR UPDATE')
    const keys = await loadSigningKeys(tx)
    const { retirable } = signingKeySchedule(keys, now)
    const retired = retirable.map((k) => k.kid)
    if (retired.length) await tx.query('UPDATE signing_keys SET retired_at = $2 WHERE kid = ANY($1::text[])', [retired, new Date(now)])
    const pending = keys.find((k) => k.activatesAt > now)
    if (pending) return { kid: pending.kid, activatesAt: new Date(pending.activatesAt), created: false, retired }
    // A database no server has started on yet: its first key signs at once (nobody can hold a token of another).
    const activatesAt = keys.length ? now + leadSeconds * 1000 : now
    const kid = await insertSigningKey(tx, { now, activatesAt })
    return { kid, activatesAt: new Date(activatesAt), created: true, retired }
  })
}
