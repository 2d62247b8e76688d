import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519'
import { sha512 } from '@noble/hashes/sha512'

// RFC 9497's OPRF (mode 0x00) over ristretto255 with SHA-512, on @noble/curves' ristretto255 group: the password
// recovery key needs the server's evaluation, which the server counts and limits per user, so a copied database (or a
// stolen token) can't check a password guess offline. The frame blinds and finalizes; the server evaluates. Checked
// against the RFC's test vectors (recoveryOprf.test.ts).

/** The suite's name, stored with what it sealed. */
export const OPRF_SUITE = 'ristretto255-SHA512'

const encoder = new TextEncoder()
const CONTEXT = new Uint8Array([...encoder.encode('OPRFV1-'), 0x00, ...encoder.encode(`-${OPRF_SUITE}`)])
const HASH_TO_GROUP_DST = new Uint8Array([...encoder.encode('HashToGroup-'), ...CONTEXT])
const FINALIZE = encoder.encode('Finalize')
const Point = ristretto255.Point
const ORDER = Point.Fn.ORDER

/** An encoded group element (32 bytes) or scalar (32 bytes, little-endian). */
export type OprfBytes = Uint8Array

const scalarFromBytes = (bytes: Uint8Array): bigint => {
  if (bytes.length !== 32) throw new Error('An OPRF scalar is 32 bytes')
  let n = 0n
  for (let i = 31; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!)
  if (n === 0n || n >= ORDER) throw new Error('Not a valid OPRF scalar')
  return n
}
const scalarToBytes = (n: bigint): Uint8Array => {
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn)
  return out
}
/** A uniformly random non-zero scalar (64 random bytes reduced: negligible bias). */
export function randomOprfScalar(): OprfBytes {
  const wide = crypto.getRandomValues(new Uint8Array(64))
  let n = 0n
  for (let i = 63; i >= 0; i--) n = (n << 8n) | BigInt(wide[i]!)
  return scalarToBytes((n % (ORDER - 1n)) + 1n)
}
/** A point from the wire: refuses a malformed encoding and the identity (RFC 9497 §3.3.1's DeserializeElement). */
const elementFrom = (bytes: Uint8Array) => {
  const point = Point.fromBytes(bytes)
  if (point.equals(Point.ZERO)) throw new Error('The identity is not a valid OPRF element')
  return point
}
const i2osp2 = (n: number) => new Uint8Array([(n >> 8) & 0xff, n & 0xff])

/** Client, step 1: blinds `input`; keep `blind` in memory, send `blindedElement`. `blind` may be given (tests only). */
export function oprfBlind(input: Uint8Array, blind: OprfBytes = randomOprfScalar()) {
  const element = ristretto255_hasher.hashToCurve(input, { DST: HASH_TO_GROUP_DST }) as unknown as InstanceType<typeof Point>
  if (element.equals(Point.ZERO)) throw new Error('Invalid OPRF input')
  return { blind, blindedElement: element.multiply(scalarFromBytes(blind)).toBytes() }
}

/** Server: evaluates a blinded element with the key (a 32-byte scalar); throws on a malformed element. */
export function oprfBlindEvaluate(key: OprfBytes, blindedElement: Uint8Array): OprfBytes {
  return elementFrom(blindedElement).multiply(scalarFromBytes(key)).toBytes()
}

/** Client, step 2: the OPRF output (64 bytes) of `input` under the server's key. */
export function oprfFinalize(input: Uint8Array, blind: OprfBytes, evaluatedElement: Uint8Array): Uint8Array {
  const inverse = Point.Fn.inv(scalarFromBytes(blind))
  const unblinded = elementFrom(evaluatedElement).multiply(inverse).toBytes()
  return sha512(new Uint8Array([...i2osp2(input.length), ...input, ...i2osp2(unblinded.length), ...unblinded, ...FINALIZE]))
}
