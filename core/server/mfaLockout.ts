import { MFA_METHOD_LOCKED_TEXT } from '../protocol/index.js'
import type { Db } from './db/Db.js'
import type { Migration } from './db/runMigrations.js'
import { HttpError } from './HttpError.js'
import type { MfaCaller } from './mfaChallenges.js'

/**
 * Consecutive failed verifications after which a method locks (NIST SP 800-63B §5.2.2: at most 100). Challenges cap
 * guesses per challenge and rate limits per hour, but only this bounds a stolen session's guesses over days.
 */
export const MFA_LOCKOUT_FAILURES = 100

/** Per user and method: failures in a row, and when they reached the limit (null while unlocked). */
export const mfaLockoutMigrations: Migration[] = [
  {
    id: 'core/mfa_003_lockouts',
    sql: `
CREATE TABLE mfa_lockouts (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  method text NOT NULL,
  failures integer NOT NULL,
  locked_at timestamptz,
  PRIMARY KEY (user_id, method)
);`,
  },
]

/** 403 mfa_method_locked, with the way out in the text. */
export const mfaMethodLocked = () => new HttpError(403, 'mfa_method_locked', MFA_METHOD_LOCKED_TEXT)

/** The lockout of MFA methods (`ctx.mfa.lockout`); every verification of an enrolled method goes through `guard`. */
export interface MfaLockout {
  /** 403 mfa_method_locked when `method` is locked for the user; reads only (call it before anything is sent or counted). */
  assertUnlocked(userId: string, method: string): Promise<void>
  /**
   * One guess with `method`: counted as a failure before `check` runs (one statement: parallel guesses can't pass the
   * limit), 403 mfa_method_locked once the limit is spent — by this guess too, when it is wrong. A right answer resets
   * the count and, when this session began after another method locked, unlocks that method (a new login that passed
   * a second factor is the user's way out).
   */
  guard(caller: MfaCaller, method: string, check: () => Promise<boolean>): Promise<boolean>
  /** Support's reset: unlocks `method`, or every method of the user; answers the methods that were locked. */
  unlock(userId: string, method?: string): Promise<string[]>
  /** The user's locked methods. */
  locked(userId: string): Promise<string[]>
}

/** The lockout service over the `mfa_lockouts` table. */
export function createMfaLockout(db: Db, now: () => number): MfaLockout {
  const limit = MFA_LOCKOUT_FAILURES
  return {
    async assertUnlocked(userId, method) {
      const [row] = await db.query('SELECT 1 FROM mfa_lockouts WHERE user_id = $1 AND method = $2 AND failures >= $3', [userId, method, limit])
      if (row) throw mfaMethodLocked()
    },

    async guard({ userId, sessionId }, method, check) {
      const at = new Date(now())
      const [counted] = await db.query<{ failures: number }>(
        `INSERT INTO mfa_lockouts (user_id, method, failures, locked_at) VALUES ($1, $2, 1, CASE WHEN 1 >= $3::int THEN $4::timestamptz END)
         ON CONFLICT (user_id, method) DO UPDATE SET failures = mfa_lockouts.failures + 1,
           locked_at = CASE WHEN mfa_lockouts.failures + 1 >= $3::int THEN $4::timestamptz END
         WHERE mfa_lockouts.failures < $3::int
         RETURNING failures`,
        [userId, method, limit, at],
      )
      if (!counted) throw mfaMethodLocked()
      if (!(await check())) {
        if (Number(counted.failures) >= limit) throw mfaMethodLocked()
        return false
      }
      await db.query('DELETE FROM mfa_lockouts WHERE user_id = $1 AND method = $2', [userId, method])
      // Only a session that began after the lock: the session that was guessing can't lift it by passing another method.
      await db.query(
        `DELETE FROM mfa_lockouts WHERE user_id = $1 AND locked_at IS NOT NULL
           AND locked_at < (SELECT created_at FROM sessions WHERE id = $2 AND user_id = $1)`,
        [userId, sessionId],
      )
      return true
    },

    async unlock(userId, method) {
      const rows = await db.query<{ method: string; failures: number }>(
        'DELETE FROM mfa_lockouts WHERE user_id = $1 AND ($2::text IS NULL OR method = $2) RETURNING method, failures',
        [userId, method ?? null],
      )
      return rows.filter((r) => Number(r.failures) >= limit).map((r) => r.method).sort()
    },

    async locked(userId) {
      const rows = await db.query<{ method: string }>('SELECT method FROM mfa_lockouts WHERE user_id = $1 AND failures >= $2 ORDER BY method', [userId, limit])
      return rows.map((r) => r.method)
    },
  }
}
