import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'

/**
 * A parsed authorization public key (node:crypto's KeyObject inside; opaque here so the published types need no Node
 * types — a host compiles without @types/node).
 */
export interface AuthorizationKey {
  readonly asymmetricKeyType?: string
}

/** What an ES256 authorization signature covers: version 1, the method, the full URL, the JSON body, the app id header. */
export interface AuthorizationPayload {
  method: string
  url: string
  body: unknown
  appId: string
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

/** The bytes signed: canonical JSON of `{ version: 1, method, url, body, headers: { 'foyer-app-id' } }`. */
export function authorizationPayload({ method, url, body, appId }: AuthorizationPayload): Uint8Array {
  return Buffer.from(canonicalJson({ version: 1, method: method.toUpperCase(), url, body, headers: { 'foyer-app-id': appId } }), 'utf8')
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
 * key, PEM — or a node:crypto KeyObject), base64 of the DER signature.
 */
export function createAuthorizationSignature(privateKey: string | AuthorizationKey, payload: AuthorizationPayload): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : (privateKey as KeyObject)
  return sign('sha256', authorizationPayload(payload), { key, dsaEncoding: 'der' }).toString('base64')
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
