import { SignJWT, decodeProtectedHeader, exportSPKI, importJWK, jwtVerify } from 'jose'
import type { CryptoKey, JWK } from 'jose'
import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'
import type { Logger } from './Logger.js'
import { ensureSigningKey, loadSigningKeys, SIGNING_KEY_REFRESH_MS, signingKeySchedule, type SigningKeyRow } from './signingKeys.js'

/** Claims a verified access token carries. */
export interface VerifiedAccessToken {
  userId: string
  appId: string
  sessionId: string
  exp: number
}

/** ES256 signing of access and identity tokens with the server's keys (kept in the database, rotated without restarts). */
export interface Tokens {
  /** The kid of the key that signs now. */
  readonly kid: string
  /** The public key that signs now as SPKI PEM (the app config's verification_key); /jwks.json lists every live one. */
  readonly verificationKey: string
  /** `{ keys }` for /jwks.json: the next key before it signs, the current one, and replaced ones until their tokens expire. */
  jwks(): Promise<{ keys: JWK[] }>
  signAccessToken(input: { userId: string; appId: string; sessionId: string }): Promise<string>
  /**
   * The identity token: `linked_accounts` and, when the user has some (a plugin's `customMetadata` user field), its
   * `custom_metadata`, each as a JSON string, as Privy's identity tokens carry them.
   */
  signIdentityToken(input: { userId: string; appId: string; linkedAccounts: unknown[]; customMetadata?: unknown }): Promise<string>
  /** Checks signature (by kid, against every live key), iss, aud and exp; throws 401 unauthorized. Does not look at the session. */
  verifyAccessToken(token: string, appId: string): Promise<VerifiedAccessToken>
}

/** Options of createTokens. */
export interface CreateTokensOptions {
  issuer: string
  accessTokenTtlSeconds: number
  now: () => number
  /** How often the key set is reloaded from the database (default 60 s): a rotation's lead must be longer. */
  refreshMs?: number
  logger?: Logger
}

/** A key as this instance holds it: imported once per kid. */
interface LoadedKey {
  kid: string
  activatesAt: number
  publicJwk: JWK
  privateKey: CryptoKey
  publicKey: CryptoKey
  spki: string
}

/** At most one reload per this interval because of a kid nobody knows (a forged one must not hammer the database). */
const UNKNOWN_KID_RELOAD_MS = 5_000
/** After a failed reload (the database away), the next try. The keys loaded before stay in use meanwhile. */
const RETRY_MS = 5_000

/**
 * Loads the signing keys (creating the first on a new database) and returns the token helpers. Every instance on the
 * database signs with the newest key whose activation has passed and verifies by kid against every live key; the key
 * set is reloaded every `refreshMs`, and early (rate limited) when a token names a kid this instance doesn't know.
 */
export async function createTokens(db: Db, options: CreateTokensOptions): Promise<Tokens> {
  const { now } = options
  const refreshMs = options.refreshMs ?? SIGNING_KEY_REFRESH_MS
  await ensureSigningKey(db, now())
  const imported = new Map<string, LoadedKey>()
  let keys: LoadedKey[] = []
  let nextReloadAt = 0
  let lastReloadAt = 0
  let reloading: Promise<void> | null = null

  const importKey = async (row: SigningKeyRow): Promise<LoadedKey> => {
    const known = imported.get(row.kid)
    if (known) return { ...known, activatesAt: row.activatesAt }
    const { d: _d, ...publicPart } = row.private_jwk
    const publicKey = (await importJWK({ ...publicPart, alg: 'ES256' }, 'ES256')) as CryptoKey
    const key = { kid: row.kid, activatesAt: row.activatesAt, publicJwk: row.public_jwk, privateKey: (await importJWK(row.private_jwk, 'ES256')) as CryptoKey, publicKey, spki: await exportSPKI(publicKey) }
    imported.set(row.kid, key)
    return key
  }
  const load = async () => {
    const rows = await loadSigningKeys(db)
    if (!rows.length) throw new Error('No signing key that is not retired: run `foyer rotate-signing-key`')
    keys = await Promise.all(rows.map(importKey))
    for (const kid of imported.keys()) if (!keys.some((k) => k.kid === kid)) imported.delete(kid)
  }
  // The start fails without keys; later reloads that fail keep the keys already loaded.
  await load()
  lastReloadAt = now()
  nextReloadAt = lastReloadAt + refreshMs

  const reload = () =>
    (reloading ??= (async () => {
      lastReloadAt = now()
      try {
        await load()
        nextReloadAt = now() + refreshMs
      } catch (error) {
        nextReloadAt = now() + Math.min(RETRY_MS, refreshMs)
        options.logger?.warn(`[tokens] the signing keys could not be reloaded (${(error as Error).message}); the ones loaded before stay in use`)
      } finally {
        reloading = null
      }
    })())
  /**
   * The key set now. A set older than `refreshMs` is reloaded in the background, never awaited here: tokens are signed
   * inside transactions (PGlite has one connection), and a rotation's lead already brought the next key in.
   */
  const current = () => {
    if (now() >= nextReloadAt) void reload()
    return signingKeySchedule(keys, now())
  }
  /**
   * The live key named `kid`. An unknown kid reloads the set and waits for it, at most once per UNKNOWN_KID_RELOAD_MS
   * (a key another instance made moments ago); never on PGlite, a single process where no other instance makes keys.
   */
  const verifyingKey = async (kid: string) => {
    let found = current().live.find((k) => k.kid === kid)
    if (!found && db.kind !== 'pglite' && kid.length <= 64) {
      // A reload under way (the periodic one) is waited for; a new one only when the last is old enough.
      if (reloading) await reloading
      else if (now() - lastReloadAt >= Math.min(UNKNOWN_KID_RELOAD_MS, refreshMs)) await reload()
      else return undefined
      found = signingKeySchedule(keys, now()).live.find((k) => k.kid === kid)
    }
    return found
  }
  const seconds = () => Math.floor(now() / 1000)

  const sign = async (claims: Record<string, unknown>, subject: string, audience: string) => {
    const key = current().signing!
    const iat = seconds()
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .setSubject(subject)
      .setAudience(audience)
      .setIssuer(options.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + options.accessTokenTtlSeconds)
      .sign(key.privateKey)
  }

  return {
    get kid() {
      return current().signing!.kid
    },
    get verificationKey() {
      return current().signing!.spki
    },
    async jwks() {
      // Only the route asks (outside any transaction): a stale set is reloaded before it is published.
      if (now() >= nextReloadAt) await reload()
      return { keys: current().live.map((k) => k.publicJwk) }
    },
    signAccessToken: ({ userId, appId, sessionId }) => sign({ sid: sessionId }, userId, appId),
    signIdentityToken: ({ userId, appId, linkedAccounts, customMetadata }) =>
      sign(
        { linked_accounts: JSON.stringify(linkedAccounts), ...(customMetadata === undefined ? {} : { custom_metadata: JSON.stringify(customMetadata) }) },
        userId,
        appId,
      ),
    async verifyAccessToken(token, appId) {
      try {
        const { kid } = decodeProtectedHeader(token)
        const key = typeof kid === 'string' ? await verifyingKey(kid) : undefined
        if (!key) throw new Error('kid')
        const { payload } = await jwtVerify(token, key.publicKey, {
          issuer: options.issuer,
          audience: appId,
          algorithms: ['ES256'],
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'sid', 'exp'],
        })
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') throw new Error('claims')
        return { userId: payload.sub, appId, sessionId: payload.sid, exp: payload.exp! }
      } catch {
        throw new HttpError(401, 'unauthorized', 'Invalid or expired access token')
      }
    },
  }
}
