import type { Context } from 'hono'
import type { RecoveryMethodServer, RecoveryShareRelease } from '../../embedded-wallet/server.js'
import { oprfBlindEvaluate } from '../custody/recoveryOprf.js'
import { RECOVERY_PASSWORD_MAX_FAILURES, recoveryPasswordServerErrorTexts as text } from '../passwordConstants.js'
import { passwordGuards as guards } from './passwordGuards.js'
import { passwordRoutes } from './passwordRoutes.js'
import { verifierHash } from './verifierHash.js'

/** How long a key made by recovery_key waits for the set_recovery that uses it. */
const PENDING_KEY_TTL_MS = 10 * 60_000

/**
 * The password's part in embedded-wallet's recovery slot. Its key needs the server's OPRF evaluation (a key per root,
 * sealed like a share), each evaluation counts as a guess until the password's verifier matches, and after
 * RECOVERY_PASSWORD_MAX_FAILURES in a row the server evaluates no more for that wallet — until a session started after
 * the lock (a new login, with MFA when the user has it) asks again.
 */
export function passwordMethodServer(): RecoveryMethodServer {
  return {
    routes: passwordRoutes,

    /** set_recovery to a password: the root's pending OPRF key (fresh from recovery_key) becomes its key, with the verifier. */
    async onSet(tx, { ctx, kit, rootId, input }) {
      const guard = await guards.get(tx, rootId, true)
      if (!guard?.pendingKey || !guard.pendingAt || kit.at().getTime() - guard.pendingAt.getTime() > PENDING_KEY_TTL_MS) {
        throw new ctx.HttpError(400, 'recovery_key_expired', 'No fresh password key for this wallet: start setting the password again')
      }
      await guards.activatePending(tx, rootId, verifierHash(input.verifier!))
    },

    /** The root no longer has a password (a cloud key, or automatic recovery): its guard goes. */
    async onLeave(tx, { rootId }) {
      await guards.remove(tx, rootId)
    },

    /**
     * recovery_share of a password wallet: the blinded password evaluated under the root's key and counted as a guess
     * (refused once RECOVERY_PASSWORD_MAX_FAILURES are spent); the answer carries the evaluation only. A password set
     * before the OPRF (argon2id alone): null, the slot releases the shares as for a cloud key.
     */
    async releaseShare(_c: Context, { ctx, kit, userId, sessionId, wallet, stored, input }: RecoveryShareRelease) {
      if ((stored.kdf as { algorithm?: unknown }).algorithm !== 'oprf-argon2id') return null
      if (!input.blinded_element) throw new ctx.HttpError(400, 'invalid_data', 'blinded_element: A password wallet needs the blinded password')
      const blinded = Buffer.from(input.blinded_element, 'base64')
      const evaluated = await ctx.db.tx(async (tx) => {
        const guard = await guards.get(tx, wallet.root.id, true)
        if (!guard?.key) throw new Error(`Embedded wallet root ${wallet.root.id} has a password but no password key`)
        if (guard.failures >= RECOVERY_PASSWORD_MAX_FAILURES) {
          // A session started after the lock (a new login; with MFA, a fresh verification too) gets another round.
          const [session] = await tx.query<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id = $1', [sessionId])
          if (!guard.lockedAt || !session || new Date(session.created_at) <= guard.lockedAt) {
            throw new ctx.HttpError(429, 'recovery_password_locked', text.RECOVERY_PASSWORD_LOCKED)
          }
          await guards.reset(tx, wallet.root.id)
          kit.log('password recovery unlocked by a new login', userId, wallet.root.id)
        }
        const key = await kit.shares.open({ userId, rootId: wallet.root.id }, 'oprf', guard.key)
        try {
          const element = oprfBlindEvaluate(key, blinded)
          // Counted before anything is answered: an evaluation is a guess until its verifier matches.
          const failures = await guards.count(tx, wallet.root.id, RECOVERY_PASSWORD_MAX_FAILURES, kit.at())
          if (failures >= RECOVERY_PASSWORD_MAX_FAILURES) kit.log('password recovery locked (too many wrong passwords)', userId, wallet.root.id)
          return element
        } catch (error) {
          if (error instanceof ctx.HttpError) throw error
          throw new ctx.HttpError(400, 'invalid_data', 'blinded_element: Not a valid group element')
        } finally {
          key.fill(0)
        }
      })
      return { evaluated_element: Buffer.from(evaluated).toString('base64') }
    },
  }
}
