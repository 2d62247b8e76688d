import { randomBytes } from 'node:crypto'
import { exportJWK, generateKeyPair } from 'jose'
import type { JWK } from 'jose'
import type { Db } from './db/Db.js'

/** The longest an access or identity token lives (createServer refuses more). */
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 3600
/** Beyond that, before a replaced key stops verifying: clocks apart, an instance that reloaded late. */
export const SIGNING_KEY_RETIRE_SLACK_SECONDS = 300
/** How often an instance reloads the key set from the database by default. */
export const SIGNING_KEY_REFRESH_MS = 60_000
/** How long /jwks.json may be cached (its Cache-Control max-age). */
export const JWKS_MAX_AGE_SECONDS = 300
/** The least lead a rotation gives a new key: every instance has reloaded, and every JWKS cache refetched, before it signs. */
export const MIN_SIGNING_KEY_LEAD_SECONDS = SIGNING_KEY_REFRESH_MS / 1000 + JWKS_MAX_AGE_SECONDS
/** The lead `rotateSigningKey` gives by default. */
export const DEFAULT_SIGNING_KEY_LEAD_SECONDS = 600

/** A stored signing key (private JWK included: server-side only). */
export interface SigningKeyRow {
  kid: string
  private_jwk: JWK
  public_jwk: JWK
  /** Epoch ms from which it signs. */
  activatesAt: number
}

/** The keys not marked retired, oldest activation first (a key stored before rotation existed activated when made). */
export async function loadSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  const rows = await db.query<{ kid: string; private_jwk: JWK; public_jwk: JWK; activates_at: Date | string }>(
    `SELECT kid, private_jwk, public_jwk, COALESCE(activates_at, created_at) AS activates_at
       FROM signing_keys WHERE retired_at IS NULL ORDER BY COALESCE(activates_at, created_at), kid`,
  )
  return rows.map((r) => ({ kid: r.kid, private_jwk: r.private_jwk, public_jwk: r.public_jwk, activatesAt: new Date(r.activates_at).getTime() }))
}

/** Stores a new ES256 key that signs from `activatesAt` on; answers its kid. */
export async function insertSigningKey(db: Db, { now, activatesAt }: { now: number; activatesAt: number }): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const kid = `k_${now.toString(36)}_${randomBytes(6).toString('base64url')}`
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
  await db.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at, activates_at) VALUES ($1, $2, $3, $4, $5)', [
    kid,
    JSON.stringify(await exportJWK(privateKey)),
    JSON.stringify(publicJwk),
    new Date(now),
    new Date(activatesAt),
  ])
  return kid
}

/**
 * The first key of a new database, made once: of instances starting together on it, one stores a key (the
 * server_secrets marker decides which) and the others wait for it and read it.
 */
export async function ensureSigningKey(db: Db, now: number): Promise<void> {
  await db.tx(async (tx) => {
    const count = async () => (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_keys WHERE retired_at IS NULL'))[0]!.n
    if ((await count()) > 0) return
    const won = await tx.query(`INSERT INTO server_secrets (name, value) VALUES ('signing_keys_started', $1) ON CONFLICT (name) DO NOTHING RETURNING name`, [
      new Date(now).toISOString(),
    ])
    // Lost: the winner has committed by now (the insert waited for it). Still none: every key was retired by hand.
    if (won.length || (await count()) === 0) await insertSigningKey(tx, { now, activatesAt: now })
  })
}

/** Which key signs at `now`, and which ones are published and verify. */
export interface SigningKeySchedule<K> {
  /** The newest key whose activation has passed (the oldest pending one if none has: never null with keys). */
  signing: K | null
  /** Pending keys, the signing key, and replaced keys until every token they signed has expired. */
  live: K[]
  /** Replaced keys past that: no token of theirs is valid any more, so they can be marked retired. */
  retirable: K[]
}

/** The schedule of `keys` (not retired, oldest activation first) at `now`. */
export function signingKeySchedule<K extends { activatesAt: number }>(keys: readonly K[], now: number): SigningKeySchedule<K> {
  const active = keys.filter((k) => k.activatesAt <= now)
  const signing = active.at(-1) ?? keys[0] ?? null
  const keep = (MAX_ACCESS_TOKEN_TTL_SECONDS + SIGNING_KEY_RETIRE_SLACK_SECONDS) * 1000
  const live: K[] = []
  const retirable: K[] = []
  keys.forEach((key, i) => {
    // A key stopped signing when the next one activated.
    const replacedAt = i + 1 < active.length ? active[i + 1]!.activatesAt : null
    if (replacedAt === null || key.activatesAt > now || now < replacedAt + keep) live.push(key)
    else retirable.push(key)
  })
  return { signing, live, retirable }
}
