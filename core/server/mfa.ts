import type { GenericSchema } from 'valibot'
import type { Db } from './db/Db.js'
import type { Migration } from './db/runMigrations.js'
import { HttpError } from './HttpError.js'
import { createMfaChallenges, type MfaCaller, type MfaChallenges, type MfaChallengeState } from './mfaChallenges.js'
import { createMfaLockout, type MfaLockout } from './mfaLockout.js'

/** How long an MFA verification lets its session through `ctx.requireMfa` (§15). */
export const MFA_VERIFICATION_TTL_MS = 15 * 60 * 1000

/** The `mfa` slot of an MFA method plugin. */
export interface MfaMethod {
  /** The method's name in the user's `mfaMethods`: 'totp', 'sms', 'passkey'. */
  method: string
  /** Whether the user has this method enrolled. */
  enrolled(db: Db, userId: string): Promise<boolean>
  /** Which of `userIds` have it enrolled, in one query (a page of users); without it, `enrolled` is asked per user. */
  enrolledAmong?(db: Db, userIds: readonly string[]): Promise<Set<string>>
  /**
   * A query (SQL, no parameters) of the ids of every user with this method enrolled: counts over all users (the admin
   * console's MFA adoption) run it as a subquery, so core and other plugins never read the method's tables.
   */
  enrolledUsersSql?: string
  /**
   * The answer `verify` takes (a code string for totp and sms, an assertion for passkey), checked before an attempt is
   * counted: malformed input is a 400 that changes nothing. Methods without it can't be verified by core's routes.
   */
  answer?: GenericSchema
  /**
   * Starts a verification (POST /api/v1/mfa/init): sends a code, makes passkey options. `state` is kept with the
   * challenge. Methods reach the server context they got in `routes` (no ServerContext here: types.ts imports this file).
   */
  challenge?(caller: MfaCaller): Promise<{ data?: Record<string, unknown>; state?: string | null }>
  /**
   * Checks an answer to the caller's live challenge (POST /api/v1/mfa/verify), after core counted the attempt. The
   * method makes its own codes single-use (TOTP stores the accepted time step). True passes.
   */
  verify?(caller: MfaCaller, answer: unknown, challenge: MfaChallengeState): Promise<boolean>
}

/** What MFA plugins and core share (`ctx.mfa`). */
export interface Mfa {
  /** The user's enrolled methods, in plugin order. */
  methods(userId: string, db?: Db): Promise<string[]>
  /** `methods` of each of `userIds` (every id a key), a query per method for methods with `enrolledAmong`. */
  methodsOf(userIds: readonly string[], db?: Db): Promise<Map<string, string[]>>
  /**
   * How many of app `appId`'s users there are, and how many have an MFA method enrolled (methods with
   * `enrolledUsersSql`), in one query.
   */
  adoption(appId: string, db?: Db): Promise<{ users: number; withMfa: number }>
  /** Notes that the user just passed an MFA check in this session; MFA plugins call it after a good code. */
  recordVerification(userId: string, sessionId: string, db?: Db): Promise<void>
  /** The attempt-counted challenges MFA methods verify against (core's /api/v1/mfa routes use them). */
  challenges: MfaChallenges
  /** The loaded methods that core's /api/v1/mfa routes can verify, by name. */
  method(name: string): MfaMethod | undefined
  /**
   * Methods lock after 100 failed verifications in a row (403 mfa_method_locked). Routes that start a verification of
   * an enrolled method call `lockout.assertUnlocked` first; core's /api/v1/mfa/verify counts every guess.
   */
  lockout: MfaLockout
  /**
   * Support's way to lift a lock (a management API calls it; also `server.ctx.mfa.unlock`): unlocks `method`, or every
   * method of the user, and answers the methods that were locked. The user's own way out is a new login that passes
   * another enrolled method.
   */
  unlock(userId: string, method?: string): Promise<string[]>
}

/** The last MFA verification of each session: what `requireMfa` reads. */
export const mfaMigrations: Migration[] = [
  {
    id: 'core/mfa_001_verifications',
    sql: `
CREATE TABLE mfa_verifications (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  verified_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, session_id)
);`,
  },
]

/** The MFA service over the `mfa` plugins' methods, and the one check routes that need a fresh verification make. */
export function createMfa(root: Db, methods: readonly MfaMethod[], now: () => number, windowMs = MFA_VERIFICATION_TTL_MS) {
  const record = async (userId: string, sessionId: string, db: Db = root) => {
    await db.query(
      `INSERT INTO mfa_verifications (user_id, session_id, verified_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, session_id) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
      [userId, sessionId, new Date(now())],
    )
  }
  const lockout = createMfaLockout(root, now)
  const mfa: Mfa = {
    challenges: createMfaChallenges(root, now, record),
    lockout,
    unlock: (userId, method) => lockout.unlock(userId, method),
    method: (name) => methods.find((m) => m.method === name),
    async methods(userId, db = root) {
      const enrolled: string[] = []
      for (const m of methods) if (await m.enrolled(db, userId)) enrolled.push(m.method)
      return enrolled
    },
    async methodsOf(userIds, db = root) {
      const enrolled = new Map(userIds.map((id) => [id, [] as string[]]))
      for (const m of methods) {
        const among = m.enrolledAmong ? await m.enrolledAmong(db, userIds) : null
        for (const id of userIds) if (among ? among.has(id) : await m.enrolled(db, id)) enrolled.get(id)!.push(m.method)
      }
      return enrolled
    },
    async adoption(appId, db = root) {
      const enrolled = methods.flatMap((m) => (m.enrolledUsersSql ? [`(${m.enrolledUsersSql})`] : []))
      const withMfa = enrolled.length ? `count(*) FILTER (WHERE u.id IN (${enrolled.join(' UNION ')}))::int` : '0'
      const [row] = await db.query<{ users: number; with_mfa: number }>(`SELECT count(*)::int AS users, ${withMfa} AS with_mfa FROM users u WHERE u.app_id = $1`, [appId])
      return { users: row?.users ?? 0, withMfa: row?.with_mfa ?? 0 }
    },
    recordVerification: record,
  }

  /** Passes a user without MFA, or one whose session verified within the window (`windowMs`, default 15 minutes); else 403. */
  async function requireFreshVerification<U extends { userId: string; sessionId: string }>(user: U): Promise<U & { mfaValidForMs: number | null }> {
    if (!methods.length || !(await mfa.methods(user.userId)).length) return { ...user, mfaValidForMs: null }
    const at = now()
    const [fresh] = await root.query<{ verified_at: Date }>(
      'SELECT verified_at FROM mfa_verifications WHERE user_id = $1 AND session_id = $2 AND verified_at > $3',
      [user.userId, user.sessionId, new Date(at - windowMs)],
    )
    if (!fresh) throw new HttpError(403, 'missing_or_invalid_mfa', 'MFA verification failed, retry.')
    return { ...user, mfaValidForMs: Math.max(0, new Date(fresh.verified_at).getTime() + windowMs - at) }
  }

  return { mfa, requireFreshVerification }
}
