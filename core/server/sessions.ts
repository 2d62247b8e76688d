import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'
import type { Secrets } from './secrets.js'

/** Absolute lifetime of a session (its refresh-token family), counted from login. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600

/** What a successful refresh yields: the session and the refresh token to hand out. */
export interface RefreshResult {
  sessionId: string
  userId: string
  appId: string
  refreshToken: string
}

/** Sessions and their rotating refresh-token families, all in the database. */
export interface Sessions {
  /** Starts a session and its family; answers the first refresh token. */
  create(input: { userId: string; appId: string; deviceJkt?: string | null }, db?: Db): Promise<RefreshResult>
  /** Rotates `token`. Reuse of a rotated token outside the grace window revokes the family: 401. */
  refresh(token: string, appId: string): Promise<RefreshResult>
  /**
   * Rotates `token` exactly as `refresh` does and, in the same transaction, starts a new independent
   * session (own family, own 30-day lifetime) for the same user and app. Answers the rotation and the
   * new session's forked token, which only `recover` accepts, once.
   */
  fork(token: string, appId: string): Promise<RefreshResult & { forkedToken: string }>
  /** Redeems a forked token: answers the new session's first refresh token. Reuse revokes that session: 401. */
  recover(forkedToken: string, appId: string): Promise<RefreshResult>
  /** Revokes the session of `token`; an unknown token changes nothing. */
  logout(token: string, appId: string): Promise<void>
  /** True when the session exists, is not revoked and not past its absolute lifetime. */
  isActive(sessionId: string): Promise<boolean>
}

const invalid = () => new HttpError(401, 'invalid_refresh_token', 'Invalid or expired refresh token')

interface TokenRow {
  session_id: string
  user_id: string
  app_id: string
  expires_at: Date
  revoked_at: Date | null
  rotated_at: Date | null
}

/**
 * The successor of token T is HMAC(secret, T): parallel refreshes that present T inside the grace
 * window can be answered with the same successor without keeping any plaintext token.
 */
export function createSessions(root: Db, secrets: Secrets, options: { graceSeconds: number; now: () => number }): Sessions {
  const insertHash = (db: Db, tokenHash: string, sessionId: string, at: Date) =>
    db.query('INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)', [tokenHash, sessionId, at])
  const insertToken = (db: Db, token: string, sessionId: string, at: Date) => insertHash(db, secrets.sha256(token), sessionId, at)
  const lookup = async (db: Db, hash: string) =>
    (
      await db.query<TokenRow>(
        `SELECT t.session_id, s.user_id, s.app_id, s.expires_at, s.revoked_at, t.rotated_at
         FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = $1`,
        [hash],
      )
    )[0]

  /** One rotation inside `tx`: the result, null for an unknown/ended token, or 'revoked' after a reuse. */
  const rotate = async (tx: Db, token: string, appId: string): Promise<RefreshResult | null | 'revoked'> => {
    const hash = secrets.sha256(token)
    const at = new Date(options.now())
    const row = await lookup(tx, hash)
    if (!row || row.app_id !== appId || row.revoked_at || new Date(row.expires_at) <= at) return null
    const successor = secrets.hmac(token)
    const result = { sessionId: row.session_id, userId: row.user_id, appId, refreshToken: successor }
    // Atomic claim: of N parallel requests with the same token exactly one rotates it.
    const claimed = await tx.query(
      'UPDATE refresh_tokens SET rotated_at = $2, successor_hash = $3 WHERE token_hash = $1 AND rotated_at IS NULL RETURNING 1',
      [hash, at, secrets.sha256(successor)],
    )
    if (claimed.length) {
      await insertToken(tx, successor, row.session_id, at)
      return result
    }
    // Already rotated: re-read, since a racing transaction may just have committed the rotation.
    const [rotated] = await tx.query<{ rotated_at: Date; successor_rotated_at: Date | null }>(
      `SELECT t.rotated_at, n.rotated_at AS successor_rotated_at
       FROM refresh_tokens t LEFT JOIN refresh_tokens n ON n.token_hash = t.successor_hash
       WHERE t.token_hash = $1`,
      [hash],
    )
    const age = at.getTime() - new Date(rotated!.rotated_at).getTime()
    if (age <= options.graceSeconds * 1000 && rotated!.successor_rotated_at === null) return result
    // A rotated token came back outside the grace window: assume it was stolen.
    await tx.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [row.session_id, at])
    return 'revoked' as const
  }
  // A forked session binds no device key: the holder of a refresh token (who may fork) must not pick one.
  const insertSession = async (db: Db, userId: string, appId: string, at: Date, deviceJkt: string | null = null) => {
    const sessionId = `ses_${secrets.random(18)}`
    await db.query('INSERT INTO sessions (id, user_id, app_id, created_at, expires_at, device_jkt) VALUES ($1, $2, $3, $4, $5, $6)', [
      sessionId,
      userId,
      appId,
      at,
      new Date(at.getTime() + SESSION_LIFETIME_SECONDS * 1000),
      deviceJkt,
    ])
    return sessionId
  }
  // Forked tokens live in their own hash domain, so refresh and logout never accept one.
  const forkHash = (token: string) => secrets.sha256(`fork:${token}`)

  return {
    create: ({ userId, appId, deviceJkt = null }, db = root) =>
      db.tx(async (tx) => {
        const at = new Date(options.now())
        const sessionId = await insertSession(tx, userId, appId, at, deviceJkt)
        const refreshToken = secrets.random(32)
        await insertToken(tx, refreshToken, sessionId, at)
        return { sessionId, userId, appId, refreshToken }
      }),

    async refresh(token, appId) {
      const outcome = await root.tx((tx) => rotate(tx, token, appId))
      if (!outcome || outcome === 'revoked') throw invalid()
      return outcome
    },

    async fork(token, appId) {
      const outcome = await root.tx(async (tx) => {
        const rotated = await rotate(tx, token, appId)
        // 'revoked' returns (not throws) so the revocation commits.
        if (!rotated || rotated === 'revoked') return null
        const at = new Date(options.now())
        const forkedToken = secrets.random(32)
        const sessionId = await insertSession(tx, rotated.userId, appId, at)
        await insertHash(tx, forkHash(forkedToken), sessionId, at)
        return { ...rotated, forkedToken }
      })
      if (!outcome) throw invalid()
      return outcome
    },

    async recover(forkedToken, appId) {
      const hash = forkHash(forkedToken)
      const outcome = await root.tx(async (tx) => {
        const at = new Date(options.now())
        const row = await lookup(tx, hash)
        if (!row || row.app_id !== appId || row.revoked_at || new Date(row.expires_at) <= at) return null
        const refreshToken = secrets.random(32)
        const claimed = await tx.query(
          'UPDATE refresh_tokens SET rotated_at = $2, successor_hash = $3 WHERE token_hash = $1 AND rotated_at IS NULL RETURNING 1',
          [hash, at, secrets.sha256(refreshToken)],
        )
        if (!claimed.length) {
          // Single use and no grace window: a second redemption means the forked token leaked.
          await tx.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [row.session_id, at])
          return 'revoked' as const
        }
        await insertToken(tx, refreshToken, row.session_id, at)
        return { sessionId: row.session_id, userId: row.user_id, appId, refreshToken }
      })
      if (!outcome || outcome === 'revoked') throw invalid()
      return outcome
    },

    async logout(token, appId) {
      const row = await lookup(root, secrets.sha256(token))
      if (!row || row.app_id !== appId) return
      await root.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
        row.session_id,
        new Date(options.now()),
      ])
    },

    async isActive(sessionId) {
      const rows = await root.query(
        'SELECT 1 FROM sessions WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2',
        [sessionId, new Date(options.now())],
      )
      return rows.length > 0
    },
  }
}
