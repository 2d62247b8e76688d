import type { Db } from './db/Db.js'
import type { Migration } from './db/runMigrations.js'
import { HttpError } from './HttpError.js'

/** §9: how long a started MFA challenge waits for its code. */
export const MFA_CODE_WAIT_MS = 300_000
/** §9: guesses per challenge, right one included. */
export const MFA_MAX_ATTEMPTS = 4
/** §8: after the attempts are spent, a new challenge can start this much later ('try again in 10 seconds'). */
export const MFA_BLOCK_MS = 10_000

/** The spec's wire messages (§8 wallet proxy error types). */
export const mfaMessages = {
  invalid: 'MFA verification failed, retry.',
  maxAttempts: 'MFA verification max attempts reached',
  timeout: 'Timed out waiting for MFA code',
} as const

/** The caller of an MFA route. */
export interface MfaCaller {
  userId: string
  sessionId: string
}

/** A live challenge as a method's check sees it: what its `challenge` step kept (an SMS code's hash, a passkey challenge). */
export interface MfaChallengeState {
  state: string | null
}

/**
 * Challenges of one user session, kept in the database: one live challenge per session (a new start replaces it),
 * at most 4 guesses even under a parallel burst, 300 000 ms to answer. Method plugins check the answer; this service
 * counts, times and records.
 */
export interface MfaChallenges {
  /** Starts the session's challenge for `method`; refused for 10 s after a challenge spent its attempts. */
  start(caller: MfaCaller, method: string, state?: string | null): Promise<void>
  /**
   * Counts one attempt atomically, then asks `check`; on true consumes the challenge and records the verification.
   * Errors: 403 missing_or_invalid_mfa (wrong answer, or no challenge), 403 mfa_verification_max_attempts_reached,
   * 400 mfa_timeout.
   */
  attempt(caller: MfaCaller, method: string, check: (challenge: MfaChallengeState) => Promise<boolean>): Promise<void>
  /** Drops the session's challenge (the user chose 'Not now'). */
  cancel(caller: MfaCaller): Promise<void>
}

export const mfaChallengeMigrations: Migration[] = [
  {
    id: 'core/mfa_002_challenges',
    sql: `
CREATE TABLE mfa_challenges (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  method text NOT NULL,
  state text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  PRIMARY KEY (user_id, session_id)
);`,
  },
]

const invalid = (attemptsLeft?: number) =>
  new HttpError(403, 'missing_or_invalid_mfa', mfaMessages.invalid, attemptsLeft === undefined ? undefined : { attempts_left: attemptsLeft })
const maxAttempts = () => new HttpError(403, 'mfa_verification_max_attempts_reached', mfaMessages.maxAttempts)
const timeout = () => new HttpError(400, 'mfa_timeout', mfaMessages.timeout)

/** The challenge service; `record` is `mfa.recordVerification`. */
export function createMfaChallenges(
  db: Db,
  now: () => number,
  record: (userId: string, sessionId: string, db: Db) => Promise<void>,
): MfaChallenges {
  return {
    async start({ userId, sessionId }, method, state = null) {
      const at = now()
      // One statement: a challenge that spent its attempts less than 10 s ago is not replaced, even by parallel starts.
      const started = await db.query(
        `INSERT INTO mfa_challenges (user_id, session_id, method, state, attempts, created_at, expires_at) VALUES ($1, $2, $3, $4, 0, $5, $6)
         ON CONFLICT (user_id, session_id) DO UPDATE SET method = EXCLUDED.method, state = EXCLUDED.state, attempts = 0,
           created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, last_attempt_at = NULL
         WHERE NOT (mfa_challenges.attempts >= $7 AND mfa_challenges.last_attempt_at > $8)
         RETURNING 1`,
        [userId, sessionId, method, state, new Date(at), new Date(at + MFA_CODE_WAIT_MS), MFA_MAX_ATTEMPTS, new Date(at - MFA_BLOCK_MS)],
      )
      if (!started.length) throw maxAttempts()
    },

    async attempt(caller, method, check) {
      const { userId, sessionId } = caller
      const at = new Date(now())
      // Counted before the check, in one statement: parallel guesses can't pass the cap.
      const [counted] = await db.query<{ state: string | null; attempts: number; created_at: Date }>(
        `UPDATE mfa_challenges SET attempts = attempts + 1, last_attempt_at = $4
         WHERE user_id = $1 AND session_id = $2 AND method = $3 AND attempts < $5 AND expires_at > $4
         RETURNING state, attempts, created_at`,
        [userId, sessionId, method, at, MFA_MAX_ATTEMPTS],
      )
      if (!counted) {
        const [row] = await db.query<{ attempts: number; expires_at: Date }>(
          'SELECT attempts, expires_at FROM mfa_challenges WHERE user_id = $1 AND session_id = $2 AND method = $3',
          [userId, sessionId, method],
        )
        if (!row) throw invalid()
        if (Number(row.attempts) >= MFA_MAX_ATTEMPTS) throw maxAttempts()
        throw timeout()
      }
      const left = MFA_MAX_ATTEMPTS - Number(counted.attempts)
      if (!(await check({ state: counted.state }))) throw left > 0 ? invalid(left) : maxAttempts()
      await db.tx(async (tx) => {
        // The challenge this guess counted on, not a newer one a parallel start made.
        const used = await tx.query(
          'DELETE FROM mfa_challenges WHERE user_id = $1 AND session_id = $2 AND method = $3 AND created_at = $4 RETURNING 1',
          [userId, sessionId, method, counted.created_at],
        )
        if (!used.length) throw invalid()
        await record(userId, sessionId, tx)
      })
    },

    async cancel({ userId, sessionId }) {
      // A spent challenge stays until its block ends, so 'Not now' can't reset the count.
      await db.query('DELETE FROM mfa_challenges WHERE user_id = $1 AND session_id = $2 AND attempts < $3', [userId, sessionId, MFA_MAX_ATTEMPTS])
    },
  }
}
