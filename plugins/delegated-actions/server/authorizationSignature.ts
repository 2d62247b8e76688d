import { createPrivateKey, createPublicKey, randomUUID, sign, verify, type KeyObject } from 'node:crypto'
import { AUTHORIZATION_SIGNATURE_HEADER, IDEMPOTENCY_KEY_HEADER, REQUEST_EXPIRY_HEADER } from '../schema.js'

/**
 * A parsed authorization public key (node:crypto's KeyObject inside; opaque here so the published types need no Node
 * types — a host compiles without @types/node).
 */
export interface AuthorizationKey {
  readonly asymmetricKeyType?: string
}

/**
 * What an ES256 authorization signature covers: version 1, the method, the full URL, the JSON body and the `foyer-`
 * headers — the app id, and the request's expiry and idempotency key, which the server requires with a signature so a
 * captured request can't be replayed (at most once, within 5 minutes).
 */
export interface AuthorizationPayload {
  method: string
  url: string
  body: unknown
  appId: string
  /** `foyer-idempotency-key`, as sent. */
  idempotencyKey?: string
  /** `foyer-request-expiry`, Unix milliseconds, as sent. */
  requestExpiry?: number | string
}

/** JSON with object keys sorted at every level (RFC 8785's ordering for the plain JSON an API body is). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

/**
 * The bytes signed: canonical JSON of `{ version: 1, method, url, body, headers: { 'foyer-app-id', 'foyer-idempotency-key',
 * 'foyer-request-expiry' } }`, a header left out when the request doesn't carry it (as Privy's payload does).
 */
export function authorizationPayload({ method, url, body, appId, idempotencyKey, requestExpiry }: AuthorizationPayload): Uint8Array {
  const headers: Record<string, string> = { 'foyer-app-id': appId }
  if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey
  if (requestExpiry !== undefined) headers[REQUEST_EXPIRY_HEADER] = String(requestExpiry)
  return Buffer.from(canonicalJson({ version: 1, method: method.toUpperCase(), url, body, headers }), 'utf8')
}

/** A P-256 public key from an app's `authorization_keys` entry: SPKI PEM, or the SPKI DER as base64. */
export function authorizationKeyOf(text: string): AuthorizationKey {
  const trimmed = text.trim()
  const key = trimmed.startsWith('-----BEGIN')
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed.replace(/^wallet-auth:/, ''), 'base64'), format: 'der', type: 'spki' })
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('An authorization key must be a P-256 (ES256) public key')
  return key
}

/**
 * For the host's back end: the `foyer-authorization-signature` header value of a request (ES256 with its P-256 private
 * key, PEM — or a node:crypto KeyObject), base64 of the DER signature. The payload must name the `foyer-idempotency-key`
 * and `foyer-request-expiry` the request sends (the server requires both with a signature); `createAuthorizationHeaders`
 * makes all three.
 */
export function createAuthorizationSignature(privateKey: string | AuthorizationKey, payload: AuthorizationPayload): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : (privateKey as KeyObject)
  return sign('sha256', authorizationPayload(payload), { key, dsaEncoding: 'der' }).toString('base64')
}

/** What `createAuthorizationHeaders` takes: the request, and optionally its key, its expiry or the clock. */
export interface AuthorizationHeadersParameters {
  method: string
  url: string
  body: unknown
  appId: string
  /** Default: a new UUID v4. */
  idempotencyKey?: string
  /** Unix milliseconds; default `now() + expiresInMs`. */
  requestExpiry?: number
  /** Default 60 000 (the server takes at most 5 minutes ahead of its clock). */
  expiresInMs?: number
  now?: () => number
}

/** The headers a signed back-end request carries (send the body as JSON, exactly the `body` signed). */
export interface AuthorizationHeaders {
  'foyer-app-id': string
  'foyer-authorization-signature': string
  'foyer-request-expiry': string
  'foyer-idempotency-key': string
}

/**
 * For the host's back end: every `foyer-` header of a signed request — a new idempotency key, an expiry a minute ahead
 * and the ES256 signature over them with the request. Each call makes a request that the server accepts once.
 */
export function createAuthorizationHeaders(privateKey: string | AuthorizationKey, request: AuthorizationHeadersParameters): AuthorizationHeaders {
  const idempotencyKey = request.idempotencyKey ?? randomUUID()
  const requestExpiry = request.requestExpiry ?? (request.now ?? Date.now)() + (request.expiresInMs ?? 60_000)
  const { method, url, body, appId } = request
  return {
    'foyer-app-id': appId,
    [AUTHORIZATION_SIGNATURE_HEADER]: createAuthorizationSignature(privateKey, { method, url, body, appId, idempotencyKey, requestExpiry }),
    [REQUEST_EXPIRY_HEADER]: String(requestExpiry),
    [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
  } as AuthorizationHeaders
}

/** Whether `signature` (base64; DER or the 64-byte r‖s form) signs `payload` under one of `keys`. */
export function isAuthorizationSignatureValid(signature: string, payload: AuthorizationPayload, keys: readonly AuthorizationKey[]): boolean {
  const bytes = Buffer.from(signature.trim(), 'base64')
  if (bytes.length < 8 || bytes.length > 80) return false
  const data = authorizationPayload(payload)
  const encoding = bytes.length === 64 ? 'ieee-p1363' : 'der'
  return keys.some((key) => {
    try {
      return verify('sha256', data, { key: key as KeyObject, dsaEncoding: encoding }, bytes)
    } catch {
      return false
    }
  })
}
