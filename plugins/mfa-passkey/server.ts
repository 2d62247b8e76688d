import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { generateAuthenticationOptions } from '@simplewebauthn/server'
import type { Context, Hono } from 'hono'
import { defineServerPlugin, HttpError, refuseCrossSite } from '../../core/server/index.js'
import type { Db, MfaMethod, ServerContext } from '../../core/server/index.js'
import type { MfaCaller, MfaChallengeState } from '../../core/server/mfaChallenges.js'
import { createCredentialStore, requestOptionsToWire } from '../passkey/server.js'
import { mfaPasskeyPaths } from './api.js'
import { mfaPasskeyFrameEvents } from './frameEvents.js'
import {
  MfaPasskeyEnrollInputSchema,
  mfaPasskeyErrorCodes,
  MfaPasskeyInitInputSchema,
  MfaPasskeyResponseSchema,
  mfaPasskeyServerTexts,
  type MfaPasskeyOptions,
  type MfaPasskeyResponse,
} from './schema.js'
import { hasMfaPasskey, MFA_PASSKEY_USERS_SQL, usersWithMfaPasskey, mfaCredentials, setMfaPasskeys } from './server/mfaPasskeyCredentials.js'
import { clientDataOf, expectedOrigins } from './server/passkeyAssertion.js'
import { verifyMfaAssertion } from './server/verifyMfaAssertion.js'

/** Options of the passkey method's server half. */
export interface MfaPasskeyServerOptions {
  /** WebAuthn ceremony timeout handed to the browser, in ms. Default 60000. */
  timeoutMs?: number
  /** 'required' (default) refuses assertions without user verification (PIN, biometrics). */
  userVerification?: 'required' | 'preferred'
}

/** What a passkey challenge keeps (core's challenge row `state`): the challenge's hash and the relying party. */
interface PasskeyChallengeState {
  challenge_hash: string
  rp_id: string
}

/**
 * Passkey MFA, server half, on the passkey plugin's credentials (load `passkeyServer()` too): a linked passkey is
 * enrolled by its linked account's `enrolledInMfa` (which the passkey plugin's unlink refuses on). Core's
 * /api/v1/mfa/init {method: 'passkey'} (or the spec's /api/v1/mfa/passkeys/init {}) makes request options that allow
 * the enrolled passkeys, and /api/v1/mfa/verify checks the assertion with @simplewebauthn/server against the stored
 * credential, moving its counter; core's challenge service counts the attempts and makes the challenge single-use.
 * The assertion is made in the wallet frame (origin = the server's walletOrigin, `expectedTopOrigin` = the app's
 * pages) when the host has the embedded wallet; hosts without it make it in their own page (an app origin).
 */
export function mfaPasskeyServer(options: MfaPasskeyServerOptions = {}) {
  const timeout = options.timeoutMs ?? 60_000
  const userVerification = options.userVerification ?? 'required'
  let context: ServerContext | null = null
  const challengeHash = (challenge: string) => context!.secrets.sha256(`mfa-passkey-challenge\n${challenge}`)

  /** Fresh request options for the caller's MFA passkeys; their challenge's hash is the challenge's state. */
  const challenge = async (caller: MfaCaller) => {
    const ctx = context!
    const creds = await mfaCredentials(ctx.db, caller.userId)
    if (!creds.length) throw new HttpError(400, 'invalid_data', `method: ${mfaPasskeyServerTexts.notEnrolled}`)
    // One relying party per ceremony: the newest passkey's (an app serves its passkeys from one host).
    const rpId = creds[0]!.rp_id
    const value = randomBytes(32).toString('base64url')
    const json = await generateAuthenticationOptions({
      rpID: rpId,
      challenge: new Uint8Array(Buffer.from(value, 'base64url')),
      allowCredentials: creds.filter((c) => c.rp_id === rpId).map((c) => ({ id: c.credential_id, transports: c.transports })),
      timeout,
      userVerification,
    })
    const state: PasskeyChallengeState = { challenge_hash: challengeHash(value), rp_id: rpId }
    const opts: MfaPasskeyOptions = { ...requestOptionsToWire(json), rp_id: rpId }
    return { data: { options: opts }, state: JSON.stringify(state) }
  }

  /**
   * Checks an assertion against the live challenge and the enrolled credential it names, made either in the wallet
   * frame inside one of the app's pages or in an app page itself (expectedOrigins); a pass moves the counter.
   */
  const verify = async (caller: MfaCaller, answer: unknown, { state }: MfaChallengeState) => {
    const ctx = context!
    const response = answer as MfaPasskeyResponse
    if (!state || response.id !== response.raw_id) return false
    const kept = JSON.parse(state) as PasskeyChallengeState
    const client = clientDataOf(response.response.client_data_json)
    if (!client || !ctx.secrets.equal(challengeHash(client.challenge), kept.challenge_hash)) return false
    const appId = (caller as Partial<{ appId: string }>).appId
    const app = appId ? ctx.apps.get(appId) : undefined
    const origins = app ? expectedOrigins(client, kept.rp_id, app.allowedOrigins, ctx.config.walletOrigin) : null
    if (!origins) return false
    const [stored] = await mfaCredentials(ctx.db, caller.userId, response.id)
    if (!stored || stored.rp_id !== kept.rp_id) return false
    const counter = await verifyMfaAssertion(response, { ...origins, challenge: client.challenge, rpId: kept.rp_id, requireUserVerification: userVerification === 'required' }, stored)
    if (counter === null) return false
    // From the value just verified against: a racing use of the same assertion loses.
    return createCredentialStore(ctx).recordUse(ctx.db, stored.credential_id, Number(stored.counter), counter)
  }

  const mfa: MfaMethod = {
    method: 'passkey',
    enrolled: (db: Db, userId: string) => hasMfaPasskey(db, userId),
    enrolledAmong: (db: Db, userIds: readonly string[]) => usersWithMfaPasskey(db, userIds),
    enrolledUsersSql: MFA_PASSKEY_USERS_SQL,
    answer: MfaPasskeyResponseSchema,
    challenge,
    verify,
  }

  return defineServerPlugin({
    id: 'mfa-passkey',
    // With the embedded wallet, the verification runs in the wallet frame (frame.ts), loaded there at its first event.
    frame: { events: Object.values(mfaPasskeyFrameEvents), entry: fileURLToPath(new URL('./frame.ts', import.meta.url)) },
    errorCodes: mfaPasskeyErrorCodes,
    mfa,
    rateLimits: { 'mfa-passkey.enroll.user': { limit: 20, windowSeconds: 600 } },
    routes(app: Hono, ctx: ServerContext) {
      context = ctx
      const enabled = (c: Context) => {
        if (!((ctx.apps.of(c).config.mfa_methods as readonly string[] | undefined) ?? []).includes('passkey')) {
          throw new ctx.HttpError(403, 'not_allowed', mfaPasskeyServerTexts.notEnabled)
        }
      }

      app.post(mfaPasskeyPaths.init, async (c) => {
        // The spec's path for a verification: the same as core's /api/v1/mfa/init {method: 'passkey'}.
        refuseCrossSite(c)
        enabled(c)
        const user = await ctx.requireUser(c)
        await ctx.body(c, MfaPasskeyInitInputSchema)
        if (!(await mfa.enrolled(ctx.db, user.userId))) throw new ctx.HttpError(400, 'invalid_data', `method: ${mfaPasskeyServerTexts.notEnrolled}`)
        await ctx.mfa.lockout.assertUnlocked(user.userId, 'passkey')
        await ctx.enforceRateLimit('mfa.init.user', user.userId)
        const started = await challenge(user)
        await ctx.mfa.challenges.start(user, 'passkey', started.state)
        return c.json(started.data)
      })

      app.post(mfaPasskeyPaths.enroll, async (c) => {
        refuseCrossSite(c)
        // Adding or removing a method needs a fresh verification when the user has one (§6).
        const { userId } = await ctx.requireMfa(c)
        const body = await ctx.body(c, MfaPasskeyEnrollInputSchema)
        // Removing (an empty list) works for a method the app no longer enables; adding doesn't.
        if (body.credentialIds.length) enabled(c)
        await ctx.enforceRateLimit('mfa-passkey.enroll.user', userId)
        const set = await ctx.db.tx(async (tx) => {
          const before = await ctx.mfa.methods(userId, tx)
          if (!(await setMfaPasskeys(tx, userId, body.credentialIds))) return false
          // Enabled when the first passkey joins MFA, disabled when the list empties: not on every change of the list.
          const had = before.includes('passkey')
          const has = body.credentialIds.length > 0
          if (had !== has) {
            const data = { user_id: userId, method: 'passkey', credential_ids: body.credentialIds }
            await ctx.events.emit(has ? 'mfa.enabled' : 'mfa.disabled', { appId: ctx.apps.of(c).id, userId, data, db: tx })
          }
          return true
        })
        if (!set) throw new ctx.HttpError(400, 'mfa_passkey_not_found', `credentialIds: ${mfaPasskeyServerTexts.notFound}`)
        // Unenrolled (an empty list): a lock belongs to the passkeys that were guessed at; a new enrollment starts unlocked.
        if (!body.credentialIds.length) await ctx.mfa.unlock(userId, 'passkey')
        return c.json(await ctx.getUser(userId))
      })
    },
  })
}
