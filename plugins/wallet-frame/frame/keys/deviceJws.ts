import { DEVICE_BINDING_TYPE, DEVICE_PROOF_TYPE } from '../../../../core/protocol/deviceKeys.js'

// Compact ES256 JWS made with WebCrypto (the frame needs no JOSE library for two token shapes): WebCrypto's ECDSA
// signature is r‖s, which is exactly JWS ES256's encoding (RFC 7518 §3.4).

const encoder = new TextEncoder()
const b64url = (bytes: Uint8Array) => {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
const json64 = (value: unknown) => b64url(encoder.encode(JSON.stringify(value)))

/** A device key: a P-256 pair whose private half is non-extractable. */
export type DeviceKeyPair = CryptoKeyPair

/** A new device key (the private half can sign but never be exported). */
export function newDeviceKeyPair(): Promise<DeviceKeyPair> {
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
}

/** The public JWK (kty, crv, x, y only: what RFC 7638's thumbprint covers). */
export async function publicJwkOf(pair: DeviceKeyPair) {
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey)
  return { kty: kty!, crv: crv!, x: x!, y: y! }
}

/** A single-use id: 16 random bytes. */
const newJti = () => b64url(crypto.getRandomValues(new Uint8Array(16)))

async function sign(pair: DeviceKeyPair, typ: string, claims: Record<string, unknown>): Promise<string> {
  const input = `${json64({ typ, alg: 'ES256', jwk: await publicJwkOf(pair) })}.${json64(claims)}`
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, encoder.encode(input))
  return `${input}.${b64url(new Uint8Array(signature))}`
}

/** The `foyer-device-key` header of a session-starting call: binds this key to the session it starts. */
export function deviceBinding(pair: DeviceKeyPair, nowMs: number): Promise<string> {
  return sign(pair, DEVICE_BINDING_TYPE, { iat: Math.floor(nowMs / 1000), jti: newJti() })
}

/** RFC 9449 `ath`: base64url SHA-256 of the access token. */
export async function accessTokenHash(token: string): Promise<string> {
  return b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(token))))
}

/** The `foyer-device-proof` header of one custody call: method, URL (no query), time, a fresh id, the token's hash. */
export async function deviceProof(pair: DeviceKeyPair, request: { method: string; url: string; accessToken: string; nowMs: number }): Promise<string> {
  const url = new URL(request.url)
  return sign(pair, DEVICE_PROOF_TYPE, {
    htm: request.method.toUpperCase(),
    htu: `${url.origin}${url.pathname}`,
    iat: Math.floor(request.nowMs / 1000),
    jti: newJti(),
    ath: await accessTokenHash(request.accessToken),
  })
}
