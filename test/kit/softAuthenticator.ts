import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A software WebAuthn authenticator for node tests: 'none' attestation and ES256 signatures made
 * with node:crypto, laid out byte for byte as WebAuthn §6.1 (authenticator data) and §6.5
 * (attestation object) describe, so @simplewebauthn/server verifies its output like a browser's.
 */
export interface SoftCredential {
  id: string
  privateKey: KeyObject
  rpId: string
  counter: number
  userHandle: string
}

/** What the tests can bend to make a ceremony wrong. */
export interface CeremonyOverrides {
  /** The page origin written into clientDataJSON. */
  origin: string
  /** The rpId hashed into authenticator data (defaults to the options' rp id). */
  rpId?: string
  /** The challenge written into clientDataJSON (defaults to the options' challenge). */
  challenge?: string
  /** UV flag. Default true. */
  userVerified?: boolean
  /** Signature counter to report (default: previous + 1). */
  counter?: number
  /** Reuse this credential id on create (duplicate-credential tests). */
  credentialId?: string
  /** A ceremony in a cross-origin frame: crossOrigin true and this top page's origin in clientDataJSON. */
  topOrigin?: string
}

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest())
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))))
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return new Uint8Array(b)
}

function authData(rpId: string, flags: number, counter: number, attested?: Uint8Array) {
  return concat(sha256(rpId), new Uint8Array([flags]), u32(counter), attested ?? new Uint8Array())
}

/** A test authenticator holding its credentials in memory. */
export function createSoftAuthenticator(options: { aaguid?: string } = {}) {
  const aaguid = new Uint8Array(Buffer.from((options.aaguid ?? '00000000-0000-0000-0000-000000000000').replace(/-/g, ''), 'hex'))
  const credentials = new Map<string, SoftCredential>()

  const clientData = (type: string, challenge: string, origin: string, topOrigin?: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: !!topOrigin, ...(topOrigin ? { topOrigin } : {}) }))

  return {
    credentials,
    /** navigator.credentials.create: a RegistrationResponseJSON for camelCase creation options. */
    create(opts: { rp: { id?: string }; challenge: string; user: { id: string } }, o: CeremonyOverrides) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
        ]),
      )
      const idBytes = o.credentialId ? new Uint8Array(Buffer.from(o.credentialId, 'base64url')) : new Uint8Array(randomBytes(32))
      const id = b64(idBytes)
      const rpId = o.rpId ?? opts.rp.id ?? ''
      const counter = o.counter ?? 0
      const flags = 0x01 | (o.userVerified === false ? 0 : 0x04) | 0x40
      const attested = concat(aaguid, new Uint8Array([idBytes.length >> 8, idBytes.length & 0xff]), idBytes, cose)
      const data = authData(rpId, flags, counter, attested)
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]) as never,
      )
      credentials.set(id, { id, privateKey, rpId, counter, userHandle: opts.user.id })
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: { credProps: { rk: true } },
        response: {
          clientDataJSON: b64(clientData('webauthn.create', o.challenge ?? opts.challenge, o.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      }
    },
    /** navigator.credentials.get with `credentialId`: an AuthenticationResponseJSON. */
    get(opts: { challenge: string; rpId?: string }, credentialId: string, o: CeremonyOverrides) {
      const cred = credentials.get(credentialId)
      if (!cred) throw new Error('unknown credential')
      cred.counter = o.counter ?? cred.counter + 1
      const flags = 0x01 | (o.userVerified === false ? 0 : 0x04)
      const data = authData(o.rpId ?? opts.rpId ?? cred.rpId, flags, cred.counter)
      const clientDataJSON = clientData('webauthn.get', o.challenge ?? opts.challenge, o.origin, o.topOrigin)
      const signature = sign('sha256', concat(data, sha256(clientDataJSON)), cred.privateKey)
      return {
        id: cred.id,
        rawId: cred.id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(data),
          signature: b64(new Uint8Array(signature)),
          userHandle: cred.userHandle,
        },
      }
    },
  }
}
