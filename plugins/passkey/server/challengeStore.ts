import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'

/** The ceremony a challenge was issued for; a challenge answers only its own. */
export type ChallengePurpose = 'authenticate' | 'register' | 'link'

/** The relying party of a ceremony: the page's origin and its host. */
export interface RelyingParty {
  origin: string
  rpId: string
}

/** A row of `passkey_challenges` (migration passkey/001_tables) as consuming it answers. */
export interface ChallengeRow {
  app_id: string
  purpose: ChallengePurpose
  user_id: string | null
  user_handle: string | null
  rp_id: string
  origin: string
  expires_at: Date
}

const invalidChallenge = 'Invalid or expired passkey challenge'

/**
 * The WebAuthn challenges, in the database so several server instances agree, stored only as
 * hashes and spent by their first presentation.
 */
export function createChallengeStore(ctx: ServerContext, options: { ttlSeconds: number; challengeBytes: number }) {
  const { HttpError } = ctx
  const hashChallenge = (challenge: string) => ctx.secrets.sha256(`passkey-challenge\n${challenge}`)

  return {
    /** Stores a fresh challenge (hashed) and answers it as base64url; counts against the init rate limit. */
    async issue(c: Context, purpose: ChallengePurpose, rp: RelyingParty, extra: { userId?: string; userHandle?: string } = {}): Promise<string> {
      await ctx.enforceRateLimit('passkey.init.ip', ctx.clientIp(c))
      const challenge = randomBytes(options.challengeBytes).toString('base64url')
      const at = ctx.now()
      // Expired challenges are swept here, so the table stays small without a job.
      await ctx.db.query('DELETE FROM passkey_challenges WHERE expires_at < $1', [new Date(at - 3600_000)])
      await ctx.db.query(
        `INSERT INTO passkey_challenges (challenge_hash, app_id, purpose, user_id, user_handle, rp_id, origin, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [hashChallenge(challenge), ctx.apps.of(c).id, purpose, extra.userId ?? null, extra.userHandle ?? null, rp.rpId, rp.origin,
          new Date(at), new Date(at + options.ttlSeconds * 1000)],
      )
      return challenge
    },

    /**
     * Uses a challenge up, whatever comes next: a challenge is spent by its first presentation, so
     * a replay, a second try or a race all fail. Then checks it belongs to this app, purpose, user,
     * relying party and origin and has not expired.
     */
    async consume(
      c: Context,
      challenge: string,
      expected: { purpose: ChallengePurpose; relyingParty: string; origin: string; userId?: string },
    ): Promise<ChallengeRow> {
      const [row] = await ctx.db.query<ChallengeRow>(
        `UPDATE passkey_challenges SET consumed_at = $2 WHERE challenge_hash = $1 AND consumed_at IS NULL
         RETURNING app_id, purpose, user_id, user_handle, rp_id, origin, expires_at`,
        [hashChallenge(challenge), new Date(ctx.now())],
      )
      if (
        !row ||
        row.app_id !== ctx.apps.of(c).id ||
        row.purpose !== expected.purpose ||
        (row.user_id ?? undefined) !== expected.userId ||
        new Date(row.expires_at).getTime() <= ctx.now() ||
        row.rp_id !== expected.relyingParty ||
        row.origin !== expected.origin
      ) {
        throw new HttpError(401, 'invalid_credentials', invalidChallenge)
      }
      return row
    },
  }
}

/** The challenge store createChallengeStore makes. */
export type ChallengeStore = ReturnType<typeof createChallengeStore>
