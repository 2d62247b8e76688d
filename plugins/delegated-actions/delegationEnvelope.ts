import { x25519 } from '@noble/curves/ed25519'

/** Bytes → standard padded base64. */
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Standard base64 → bytes. */
function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}

/**
 * The envelope a delegated wallet's key travels in (delegated actions): ECIES to the server's delegation key —
 * an ephemeral x25519 key agreement, HKDF-SHA256 over the shared secret (salt: the ephemeral and the recipient public
 * keys), AES-256-GCM with AAD binding the app, the user and the wallet address. Sealed in the wallet frame, opened only
 * by the server's delegation signer. The plugin's frame half (frame.ts) and its server both use this file (WebCrypto in
 * both).
 */
export interface DelegationEnvelope {
  /** Format version. */
  v: 1
  /** The ephemeral x25519 public key (base64, 32 bytes). */
  epk: string
  /** AES-GCM nonce (base64, 12 bytes). */
  iv: string
  /** The ciphertext with its GCM tag (base64). */
  ct: string
}

/** Whose key the envelope holds: bound as the AES-GCM additional data, so a row moved to another wallet won't open. */
export interface DelegationBinding {
  appId: string
  userId: string
  address: string
}

const INFO = new TextEncoder().encode('foyer/delegated-actions/v1 x25519-hkdf-sha256-aes256gcm')

/** The AAD: version, app id, user id and address, each length-prefixed (no separator ambiguity). */
export function delegationAad({ appId, userId, address }: DelegationBinding): Uint8Array {
  const parts = ['foyer-delegation-v1', appId, userId, address].map((part) => new TextEncoder().encode(part))
  const out = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0))
  let at = 0
  for (const part of parts) {
    new DataView(out.buffer).setUint32(at, part.length)
    out.set(part, at + 4)
    at += 4 + part.length
  }
  return out
}

const bytes = (view: Uint8Array) => view as Uint8Array<ArrayBuffer>

async function aesKey(shared: Uint8Array, epk: Uint8Array, recipient: Uint8Array, usage: KeyUsage): Promise<CryptoKey> {
  const salt = new Uint8Array(64)
  salt.set(epk, 0)
  salt.set(recipient, 32)
  const ikm = await crypto.subtle.importKey('raw', bytes(shared), 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info: bytes(INFO) }, ikm, { name: 'AES-GCM', length: 256 }, false, [usage])
}

/** Seals `secret` (a wallet's 32-byte ed25519 private key) to the server's x25519 public key. */
export async function sealDelegationEnvelope(secret: Uint8Array, recipientPublicKey: Uint8Array, binding: DelegationBinding): Promise<DelegationEnvelope> {
  if (recipientPublicKey.length !== 32) throw new Error('The delegation key must be a 32-byte x25519 public key')
  const ephemeral = x25519.utils.randomSecretKey()
  const epk = x25519.getPublicKey(ephemeral)
  const shared = x25519.getSharedSecret(ephemeral, recipientPublicKey)
  ephemeral.fill(0)
  const key = await aesKey(shared, epk, recipientPublicKey, 'encrypt')
  shared.fill(0)
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: bytes(delegationAad(binding)) }, key, bytes(secret)))
  return { v: 1, epk: toBase64(epk), iv: toBase64(iv), ct: toBase64(ct) }
}

/** Opens an envelope with the server's x25519 private key; throws when it isn't for this key and binding. */
export async function openDelegationEnvelope(envelope: DelegationEnvelope, recipientPrivateKey: Uint8Array, binding: DelegationBinding): Promise<Uint8Array> {
  if (envelope.v !== 1) throw new Error('Unknown delegation envelope version')
  const epk = fromBase64(envelope.epk)
  const iv = fromBase64(envelope.iv)
  if (epk.length !== 32 || iv.length !== 12) throw new Error('Malformed delegation envelope')
  const shared = x25519.getSharedSecret(recipientPrivateKey, epk)
  const key = await aesKey(shared, epk, x25519.getPublicKey(recipientPrivateKey), 'decrypt')
  shared.fill(0)
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(iv), additionalData: bytes(delegationAad(binding)) }, key, bytes(fromBase64(envelope.ct)))
  return new Uint8Array(plain)
}
