import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify, type JWK } from 'jose'
import {
  DEVICE_BINDING_TYPE,
  DEVICE_PROOF_TYPE,
  DEVICE_PROOF_WINDOW_SECONDS,
  deviceKeyHeaders,
} from '../protocol/deviceKeys.js'
import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'

/** The table the sweep job empties of expired proof ids. */
export const DEVICE_PROOF_IDS_TABLE = 'device_proof_ids'

const b64url = (bytes: Buffer) => bytes.toString('base64url')
/** RFC 9449 `ath`: base64url SHA-256 of the access token. */
export const accessTokenHash = (token: string) => b64url(createHash('sha256').update(token, 'ascii').digest())

/** A JWS signed by the P-256 key in its own header: answers the verified claims and the key's RFC 7638 thumbprint. */
async function verifySelfSigned(jws: string, typ: string): Promise<{ claims: Record<string, unknown>; jkt: string }> {
  const header = decodeProtectedHeader(jws)
  const jwk = header.jwk as JWK | undefined
  // P-256 only, public only (EmbeddedJWK refuses a private key in the header).
  if (header.alg !== 'ES256' || jwk?.kty !== 'EC' || jwk.crv !== 'P-256') throw new Error('not an ES256 P-256 key')
  const { payload } = await jwtVerify(jws, EmbeddedJWK, { typ, algorithms: ['ES256'] })
  return { claims: payload as Record<string, unknown>, jkt: await calculateJwkThumbprint(jwk, 'sha256') }
}

const invalidBinding = () => new HttpError(400, 'invalid_device_key', 'The device key sent with this sign-in is malformed or not signed by its key')

/**
 * The thumbprint of the device key a session-starting call carries (`foyer-device-key`), or null when it carries
 * none. A binding is only a key the session will trust for custody calls: replaying one binds a key the replayer
 * can't sign with, so it needs no freshness check; a malformed one refuses the sign-in (nothing is stored).
 */
export async function readDeviceBinding(c: Context): Promise<string | null> {
  const jws = c.req.header(deviceKeyHeaders.binding)
  if (!jws) return null
  if (jws.length > 2048) throw invalidBinding()
  try {
    return (await verifySelfSigned(jws, DEVICE_BINDING_TYPE)).jkt
  } catch {
    throw invalidBinding()
  }
}

/** Why a proof was refused; `server_time` lets a device with a wrong clock correct its `iat` and retry once. */
const invalidProof = (reason: string, data?: Record<string, unknown>) => new HttpError(401, 'invalid_device_proof', `Invalid device proof: ${reason}`, data)

/** Checks device proofs of custody calls (ServerContext.requireDeviceProof). */
export interface DeviceProofs {
  /**
   * Passes when the request carries a proof (`foyer-device-proof`) signed by the device key bound to `sessionId`, for
   * this method and path, made within ±5 minutes, never seen before, for `accessToken`. Else 401:
   * `session_not_bound` (the session started without a device key: a login on this device binds one),
   * `device_proof_required`, or `invalid_device_proof`.
   */
  verify(c: Context, sessionId: string, accessToken: string): Promise<void>
}

/** The proof checker over `db` (sessions' bound keys, the single-use ids). */
export function createDeviceProofs(db: Db, now: () => number): DeviceProofs {
  return {
    async verify(c, sessionId, accessToken) {
      const [session] = await db.query<{ device_jkt: string | null }>('SELECT device_jkt FROM sessions WHERE id = $1', [sessionId])
      if (!session?.device_jkt) {
        throw new HttpError(401, 'session_not_bound', 'This session was not started on this device: log in again to use your wallet here')
      }
      const jws = c.req.header(deviceKeyHeaders.proof)
      if (!jws) throw new HttpError(401, 'device_proof_required', 'This call needs a proof from the wallet frame')
      if (jws.length > 2048) throw invalidProof('too long')
      let verified: Awaited<ReturnType<typeof verifySelfSigned>>
      try {
        verified = await verifySelfSigned(jws, DEVICE_PROOF_TYPE)
      } catch {
        throw invalidProof('malformed or not signed by its key')
      }
      const { claims, jkt } = verified
      if (jkt !== session.device_jkt) throw invalidProof('signed by another device key than the one this session is bound to')
      if (claims.htm !== c.req.method) throw invalidProof('made for another method')
      let path: string | null = null
      try {
        path = typeof claims.htu === 'string' ? new URL(claims.htu).pathname : null
      } catch {
        path = null
      }
      // The path, not the origin: behind a proxy the server can't know which public origin (or path prefix) the frame
      // called, so the proof's path must end with the route's.
      if (!path?.endsWith(c.req.path)) throw invalidProof('made for another URL')
      if (claims.ath !== accessTokenHash(accessToken)) throw invalidProof('made for another access token')
      const at = now()
      if (typeof claims.iat !== 'number' || Math.abs(claims.iat * 1000 - at) > DEVICE_PROOF_WINDOW_SECONDS * 1000) {
        throw invalidProof('made at another time (check the device clock)', { server_time: at })
      }
      if (typeof claims.jti !== 'string' || claims.jti.length < 16 || claims.jti.length > 64) throw invalidProof('no single-use id')
      // Single use, atomically: of parallel replays exactly one inserts the id. Kept for the window on both sides.
      const fresh = await db.query(
        'INSERT INTO device_proof_ids (id_hash, expires_at) VALUES ($1, $2) ON CONFLICT (id_hash) DO NOTHING RETURNING 1',
        [createHash('sha256').update(`${jkt}\n${claims.jti}`).digest('hex'), new Date(claims.iat * 1000 + 2 * DEVICE_PROOF_WINDOW_SECONDS * 1000)],
      )
      if (!fresh.length) throw invalidProof('already used')
    },
  }
}
