// Sender-constrained sessions (the idea of RFC 9449, DPoP): a device key — a non-extractable P-256 key the wallet frame
// keeps in its origin — is bound to a session when the session starts, and every custody call then carries a proof
// signed by that key. Both ends read the names and limits from here.

/** Request headers of device keys. */
export const deviceKeyHeaders = {
  /** On a call that starts a session: a JWS by the device key, carrying its public JWK (the key to bind). */
  binding: 'foyer-device-key',
  /** On a custody call: a JWS by the bound key over the method, the URL, the time, a single-use id and the token's hash. */
  proof: 'foyer-device-proof',
} as const

/** JWS `typ` of a binding (never accepted as a proof, so a binding a page forwards opens nothing). */
export const DEVICE_BINDING_TYPE = 'foyer-device-key+jwt'
/** JWS `typ` of a proof: RFC 9449's. */
export const DEVICE_PROOF_TYPE = 'dpop+jwt'
/** How far a proof's `iat` may be from the server's clock (seconds), either way. Its `jti` is remembered as long. */
export const DEVICE_PROOF_WINDOW_SECONDS = 300

/** Claims of a binding JWS. */
export interface DeviceBindingClaims {
  iat: number
  jti: string
}

/** Claims of a proof JWS (RFC 9449 §4.2). */
export interface DeviceProofClaims {
  /** HTTP method. */
  htm: string
  /** The URL called, without query or fragment. */
  htu: string
  iat: number
  /** A single-use id (the server refuses it a second time). */
  jti: string
  /** base64url SHA-256 of the access token sent with the call. */
  ath: string
}
