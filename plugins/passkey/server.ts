import { randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Context, Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { Db, ServerContext } from '../../core/server/index.js'
import { passkeyPaths } from './api.js'
import { authenticatorName } from './authenticatorNames.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  LinkInitInputSchema,
  MAX_PASSKEYS_PER_USER,
  RegistrationInputSchema,
  UnlinkInputSchema,
  passkeyTexts,
  type RegistrationResponse,
} from './schema.js'
import { parseUserAgent } from './userAgent.js'
import { authenticationResponseFromWire, creationOptionsToWire, registrationResponseFromWire, requestOptionsToWire } from './wire.js'

/** Options of the passkey plugin's server half. */
export interface PasskeyServerOptions {
  /** How long a challenge stays valid. Default 300 (5 minutes). */
  challengeTtlSeconds?: number
  /** Bytes of randomness per challenge; at least 16. Default 32. */
  challengeBytes?: number
  /** WebAuthn ceremony timeout handed to the browser, in ms. Default 60000. */
  timeoutMs?: number
  /** 'required' (default) refuses assertions without user verification (PIN, biometrics). */
  userVerification?: 'required' | 'preferred'
  /** Extra AAGUID → provider names for the authenticator name. */
  authenticatorNames?: Record<string, string>
}

type Purpose = 'authenticate' | 'register' | 'link'
interface ChallengeRow {
  app_id: string
  purpose: Purpose
  user_id: string | null
  user_handle: string | null
  rp_id: string
  origin: string
  expires_at: Date
}

const invalidChallenge = 'Invalid or expired passkey challenge'
const verificationFailed = 'Passkey verification failed'
// EdDSA, ES256, RS256: what platform authenticators and security keys produce.
const ALGORITHMS = [-8, -7, -257]

/** Server half of passkeys: login, signup, link and unlink with WebAuthn, verified by @simplewebauthn/server. */
export function passkeyServer(options: PasskeyServerOptions = {}) {
  const ttl = options.challengeTtlSeconds ?? 300
  const challengeBytes = Math.max(16, options.challengeBytes ?? 32)
  const timeout = options.timeoutMs ?? 60_000
  const userVerification = options.userVerification ?? 'required'

  return defineServerPlugin({
    id: 'passkey',
    migrations: [
      {
        id: 'passkey/001_tables',
        sql: `
CREATE TABLE passkey_challenges (
  challenge_hash text PRIMARY KEY,
  app_id text NOT NULL,
  purpose text NOT NULL,
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  user_handle text,
  rp_id text NOT NULL,
  origin text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
CREATE TABLE passkey_credentials (
  credential_id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  user_handle text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]'::jsonb,
  aaguid text NOT NULL,
  rp_id text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkey_credentials_user ON passkey_credentials (user_id);`,
      },
    ],
    rateLimits: {
      'passkey.init.ip': { limit: 60, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const { HttpError } = ctx
      const passkeyApp = (c: Context) => {
        const found = ctx.apps.of(c)
        if (!found.config.passkey) throw new HttpError(403, 'disallowed_login_method', 'Login with passkey is not allowed')
        return found
      }

      /**
       * The relying party is the host of the page's origin. The Origin header is required and must be
       * one of the app's allowed_origins (the app guard refused others already; checked again here).
       */
      const relyingParty = (c: Context) => {
        const header = c.req.header('origin')
        if (!header) throw new HttpError(400, 'invalid_origin', 'Passkeys need the Origin of the page')
        let url: URL
        try {
          url = new URL(header)
        } catch {
          throw new HttpError(403, 'invalid_origin', 'Origin not allowed for this app')
        }
        if (!ctx.apps.of(c).allowedOrigins.has(url.origin.toLowerCase())) {
          throw new HttpError(403, 'invalid_origin', 'Origin not allowed for this app')
        }
        return { origin: url.origin, rpId: url.hostname }
      }

      const hashChallenge = (challenge: string) => ctx.secrets.sha256(`passkey-challenge\n${challenge}`)

      /** Stores a fresh challenge (hashed) and answers it as base64url. */
      const newChallenge = async (c: Context, purpose: Purpose, rp: { origin: string; rpId: string }, extra: { userId?: string; userHandle?: string } = {}) => {
        await ctx.enforceRateLimit('passkey.init.ip', ctx.clientIp(c))
        const challenge = randomBytes(challengeBytes).toString('base64url')
        const at = ctx.now()
        // Expired challenges are swept here, so the table stays small without a job.
        await ctx.db.query('DELETE FROM passkey_challenges WHERE expires_at < $1', [new Date(at - 3600_000)])
        await ctx.db.query(
          `INSERT INTO passkey_challenges (challenge_hash, app_id, purpose, user_id, user_handle, rp_id, origin, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [hashChallenge(challenge), ctx.apps.of(c).id, purpose, extra.userId ?? null, extra.userHandle ?? null, rp.rpId, rp.origin, new Date(at), new Date(at + ttl * 1000)],
        )
        return challenge
      }

      /**
       * Uses a challenge up, whatever comes next: a challenge is spent by its first presentation, so
       * a replay, a second try or a race all fail. Then checks it belongs to this app, purpose, user,
       * relying party and origin and has not expired.
       */
      const consumeChallenge = async (
        c: Context,
        challenge: string,
        expected: { purpose: Purpose; relyingParty: string; origin: string; userId?: string },
      ): Promise<ChallengeRow> => {
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
      }

      /** The challenge inside a registration's clientDataJSON (link and register send no separate one). */
      const challengeOf = (response: RegistrationResponse) => {
        try {
          const data = JSON.parse(Buffer.from(response.response.client_data_json, 'base64url').toString('utf8')) as { challenge?: unknown }
          if (typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{1,256}$/.test(data.challenge)) return data.challenge
        } catch {}
        throw new HttpError(400, 'invalid_data', 'authenticator_response.response.client_data_json: Malformed client data')
      }

      /** Verifies an attestation for the consumed challenge; any failure is a 401 that says nothing more. */
      const verifyRegistration = async (response: RegistrationResponse, challenge: string, row: ChallengeRow) => {
        if (response.id !== response.raw_id) throw new HttpError(400, 'invalid_data', 'authenticator_response.raw_id: Must equal id')
        try {
          const result = await verifyRegistrationResponse({
            response: registrationResponseFromWire(response),
            expectedChallenge: challenge,
            expectedOrigin: row.origin,
            expectedRPID: row.rp_id,
            requireUserVerification: userVerification === 'required',
            supportedAlgorithmIDs: ALGORITHMS,
          })
          if (result.verified && result.registrationInfo.credential.id === response.id) return result.registrationInfo
        } catch {}
        throw new HttpError(401, 'invalid_credentials', verificationFailed)
      }

      /** The linked account's spec fields, from the browser that created it and the authenticator's AAGUID. */
      const accountData = (c: Context, credentialId: string, aaguid: string) => {
        const { browser, os } = parseUserAgent(c.req.header('user-agent'))
        return {
          credentialId,
          authenticatorName: authenticatorName(aaguid, options.authenticatorNames),
          createdWithBrowser: browser,
          createdWithOs: os,
          enrolledInMfa: false,
        }
      }

      /**
       * Claims the credential id before anything else in the transaction: a second registration of
       * the same id (replayed, or racing) hits the primary key and is refused, never logged in.
       */
      const claimCredential = async (
        tx: Db,
        c: Context,
        info: Awaited<ReturnType<typeof verifyRegistration>>,
        row: ChallengeRow,
        userId: string | null,
        userHandle: string,
      ) => {
        const { credential } = info
        const existing = await tx.query('SELECT 1 FROM linked_accounts WHERE type = $1 AND identifier = $2', ['passkey', credential.id])
        const inserted = existing.length
          ? []
          : await tx.query(
              `INSERT INTO passkey_credentials (credential_id, app_id, user_id, user_handle, public_key, counter, transports, aaguid, rp_id, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
              [
                credential.id,
                ctx.apps.of(c).id,
                userId,
                userHandle,
                Buffer.from(credential.publicKey).toString('base64url'),
                credential.counter,
                JSON.stringify(credential.transports ?? []),
                info.aaguid,
                row.rp_id,
                new Date(ctx.now()),
              ],
            )
        if (!inserted.length) throw new HttpError(409, 'credential_already_registered', 'This passkey is already registered.')
      }

      const lockAndCount = async (tx: Db, userId: string) => {
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId])
        const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1 AND type = 'passkey'",
          [userId],
        )
        if (n >= MAX_PASSKEYS_PER_USER) throw new HttpError(400, 'cannot_link_more_of_type', passkeyTexts.cannotLinkMore)
      }

      const registrationOptions = async (
        c: Context,
        rp: { rpId: string },
        challenge: string,
        user: { handle: string; name: string },
        exclude: { id: string; transports: string[] }[],
      ) =>
        creationOptionsToWire(
          await generateRegistrationOptions({
            rpName: ctx.apps.of(c).name,
            rpID: rp.rpId,
            userName: user.name,
            userDisplayName: user.name,
            userID: Buffer.from(user.handle, 'base64url'),
            challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
            timeout,
            attestationType: 'none',
            excludeCredentials: exclude,
            // Resident keys: the login ceremony asks without a user name (allow_credentials empty).
            authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification },
            extensions: { credProps: true } as never,
            supportedAlgorithmIDs: ALGORITHMS,
          }),
        )

      app.post(passkeyPaths.authenticateInit, async (c) => {
        passkeyApp(c)
        await ctx.body(c, InitInputSchema)
        const rp = relyingParty(c)
        const challenge = await newChallenge(c, 'authenticate', rp)
        const optionsJson = await generateAuthenticationOptions({ rpID: rp.rpId, challenge: new Uint8Array(Buffer.from(challenge, 'base64url')), allowCredentials: [], timeout, userVerification })
        return c.json({ relying_party: rp.rpId, options: requestOptionsToWire(optionsJson) })
      })

      app.post(passkeyPaths.authenticate, async (c) => {
        passkeyApp(c)
        const body = await ctx.body(c, AuthenticateInputSchema)
        const rp = relyingParty(c)
        const response = body.authenticator_response
        if (response.id !== response.raw_id) throw new HttpError(400, 'invalid_data', 'authenticator_response.raw_id: Must equal id')
        const row = await consumeChallenge(c, body.challenge, { purpose: 'authenticate', relyingParty: body.relying_party, origin: rp.origin })
        const appId = ctx.apps.of(c).id
        const [stored] = await ctx.db.query<{ public_key: string; counter: string | number; transports: string[] }>(
          'SELECT public_key, counter, transports FROM passkey_credentials WHERE credential_id = $1 AND app_id = $2 AND user_id IS NOT NULL',
          [response.id, appId],
        )
        if (!stored) throw new HttpError(401, 'invalid_credentials', verificationFailed)
        const counter = Number(stored.counter)
        let newCounter: number
        try {
          const result = await verifyAuthenticationResponse({
            response: authenticationResponseFromWire(response),
            expectedChallenge: body.challenge,
            expectedOrigin: row.origin,
            expectedRPID: row.rp_id,
            credential: { id: response.id, publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')), counter, transports: stored.transports },
            requireUserVerification: userVerification === 'required',
          })
          if (!result.verified) throw new Error('not verified')
          newCounter = result.authenticationInfo.newCounter
        } catch {
          throw new HttpError(401, 'invalid_credentials', verificationFailed)
        }
        const result = await ctx.db.tx(async (tx) => {
          // The counter moves only from the value just verified against: a racing use of the same assertion loses.
          const moved = await tx.query(
            'UPDATE passkey_credentials SET counter = $3, last_used_at = $4 WHERE credential_id = $1 AND counter = $2 RETURNING 1',
            [response.id, counter, newCounter, new Date(ctx.now())],
          )
          if (!moved.length) throw new HttpError(401, 'invalid_credentials', verificationFailed)
          if (!(await ctx.users.findAccountOwner(appId, 'passkey', response.id, tx))) throw new HttpError(401, 'invalid_credentials', verificationFailed)
          return ctx.auth.login(c, { account: { type: 'passkey', identifier: response.id }, mode: 'no-signup', db: tx })
        })
        // The spec: a passkey login result has no identity_token.
        const { identity_token: _omitted, ...withoutIdentity } = result
        return c.json(withoutIdentity)
      })

      app.post(passkeyPaths.registerInit, async (c) => {
        const found = passkeyApp(c)
        await ctx.body(c, InitInputSchema)
        const rp = relyingParty(c)
        if (found.disableSignup) throw new HttpError(404, 'user_does_not_exist', 'User does not exist')
        const userHandle = randomBytes(32).toString('base64url')
        const challenge = await newChallenge(c, 'register', rp, { userHandle })
        const options = await registrationOptions(c, rp, challenge, { handle: userHandle, name: `${found.name} account` }, [])
        return c.json({ relying_party: rp.rpId, options })
      })

      app.post(passkeyPaths.register, async (c) => {
        passkeyApp(c)
        const body = await ctx.body(c, RegistrationInputSchema)
        const rp = relyingParty(c)
        const response = body.authenticator_response
        const challenge = challengeOf(response)
        const row = await consumeChallenge(c, challenge, { purpose: 'register', relyingParty: body.relying_party, origin: rp.origin })
        const info = await verifyRegistration(response, challenge, row)
        const result = await ctx.db.tx(async (tx) => {
          await claimCredential(tx, c, info, row, null, row.user_handle!)
          const login = await ctx.auth.login(c, {
            account: { type: 'passkey', identifier: info.credential.id, data: accountData(c, info.credential.id, info.aaguid) },
            mode: 'login-or-sign-up',
            db: tx,
          })
          await tx.query('UPDATE passkey_credentials SET user_id = $2 WHERE credential_id = $1', [info.credential.id, login.user.id])
          return login
        })
        const { identity_token: _omitted, ...withoutIdentity } = result
        return c.json(withoutIdentity)
      })

      app.post(passkeyPaths.linkInit, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const found = passkeyApp(c)
        await ctx.body(c, LinkInitInputSchema)
        const rp = relyingParty(c)
        await lockAndCount(ctx.db, userId)
        const creds = await ctx.db.query<{ credential_id: string; transports: string[]; user_handle: string }>(
          'SELECT credential_id, transports, user_handle FROM passkey_credentials WHERE user_id = $1 ORDER BY created_at',
          [userId],
        )
        // One user handle per user, so an authenticator files all of a user's passkeys under one account.
        const userHandle = creds[0]?.user_handle ?? ctx.secrets.hmac(`passkey-user\n${userId}`)
        const user = await ctx.getUser(userId)
        const email = user.linkedAccounts.find((a) => a.type === 'email') as { address?: string } | undefined
        const challenge = await newChallenge(c, 'link', rp, { userId, userHandle })
        const options = await registrationOptions(
          c,
          rp,
          challenge,
          { handle: userHandle, name: email?.address ?? `${found.name} account` },
          creds.map((cred) => ({ id: cred.credential_id, transports: cred.transports })),
        )
        return c.json({ relying_party: rp.rpId, options })
      })

      app.post(passkeyPaths.link, async (c) => {
        const { userId } = await ctx.requireUser(c)
        passkeyApp(c)
        const body = await ctx.body(c, RegistrationInputSchema)
        const rp = relyingParty(c)
        const response = body.authenticator_response
        const challenge = challengeOf(response)
        const row = await consumeChallenge(c, challenge, { purpose: 'link', relyingParty: body.relying_party, origin: rp.origin, userId })
        const info = await verifyRegistration(response, challenge, row)
        const user = await ctx.db.tx(async (tx) => {
          await lockAndCount(tx, userId)
          await claimCredential(tx, c, info, row, userId, row.user_handle!)
          const account = { type: 'passkey', identifier: info.credential.id, data: accountData(c, info.credential.id, info.aaguid) }
          return ctx.accounts.link(userId, account, { maxPerType: MAX_PASSKEYS_PER_USER, db: tx })
        })
        return c.json(user)
      })

      app.post(passkeyPaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { credential_id } = await ctx.body(c, UnlinkInputSchema)
        const user = await ctx.db.tx(async (tx) => {
          const [account] = await tx.query<{ data: { enrolledInMfa?: boolean } }>(
            "SELECT data FROM linked_accounts WHERE user_id = $1 AND type = 'passkey' AND identifier = $2 FOR UPDATE",
            [userId, credential_id],
          )
          if (!account) throw new HttpError(404, 'not_found', 'Account not found')
          if (account.data?.enrolledInMfa === true) throw new HttpError(400, 'passkey_enrolled_in_mfa', passkeyTexts.enrolledInMfa)
          const updated = await ctx.accounts.unlink(userId, 'passkey', credential_id, { db: tx })
          await tx.query('DELETE FROM passkey_credentials WHERE credential_id = $1 AND user_id = $2', [credential_id, userId])
          return updated
        })
        return c.json(user)
      })
    },
  })
}
