import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { MAX_CLOCK_SKEW_SECONDS, MAX_MESSAGE_AGE_SECONDS, SIWS_CHAIN_ID } from '../schema.js'
import { parseSiwsMessage, type SiwsMessage } from '../siwsMessage.js'

/** A verification rule failed: the message is well formed but not acceptable (401 invalid_credentials). */
export class SiwsError extends Error {
  override name = 'SiwsError'
}
/** The message or its parts can't be read at all (400 invalid_data). */
export class SiwsMalformedError extends Error {
  override name = 'SiwsMalformedError'
}

/** What the server expects of a message. The nonce is checked against the database by the caller. */
export interface SiwsExpectations {
  /** The app's allowed origins, normalised (lower case, no trailing slash). */
  allowedOrigins: ReadonlySet<string>
  /** Default 'mainnet'. */
  chainId?: string
  now: Date
  maxAgeSeconds?: number
  clockSkewSeconds?: number
}

/** Base58 → bytes of exactly `length`, or null. */
export function decodeBase58(value: string, length: number): Uint8Array | null {
  try {
    const bytes = bs58.decode(value)
    return bytes.length === length ? bytes : null
  } catch {
    return null
  }
}

const time = (value: string, field: string) => {
  // RFC 3339 only: Date.parse accepts much more, and a loose date would make the age rules guesswork.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) throw new SiwsMalformedError(`Invalid ${field}`)
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw new SiwsMalformedError(`Invalid ${field}`)
  return ms
}

/**
 * Verifies a Sign In With Solana message and its signature: layout, domain and URI against the app's
 * origins, version 1, chain id, issued-at age, expiration and not-before, then the ed25519 signature
 * of the exact text by the message's address. Answers the parsed message (its nonce is the caller's
 * to consume).
 */
export function verifySiws(input: { message: string; signature: string }, expect: SiwsExpectations): SiwsMessage {
  const message = parseSiwsMessage(input.message)
  if (!message) throw new SiwsMalformedError('Malformed sign-in message')
  const publicKey = decodeBase58(message.address, 32)
  if (!publicKey) throw new SiwsMalformedError('Invalid address in the sign-in message')
  const signature = decodeBase58(input.signature, 64)
  if (!signature) throw new SiwsMalformedError('Invalid signature')

  let uri: URL
  try {
    uri = new URL(message.uri)
  } catch {
    throw new SiwsMalformedError('Invalid URI')
  }
  const hosts = new Set([...expect.allowedOrigins].map((o) => new URL(o).host))
  if (!hosts.has(message.domain.toLowerCase())) throw new SiwsError('Domain is not allowed')
  if (!expect.allowedOrigins.has(uri.origin.toLowerCase()) || uri.host !== message.domain.toLowerCase()) throw new SiwsError('URI is not allowed')
  if (message.version !== '1') throw new SiwsError('Unsupported version')
  if (message.chainId !== (expect.chainId ?? SIWS_CHAIN_ID)) throw new SiwsError('Chain ID is not allowed')

  const now = expect.now.getTime()
  const skew = (expect.clockSkewSeconds ?? MAX_CLOCK_SKEW_SECONDS) * 1000
  const issuedAt = time(message.issuedAt, 'Issued At')
  if (issuedAt > now + skew) throw new SiwsError('Issued At is in the future')
  if (issuedAt < now - (expect.maxAgeSeconds ?? MAX_MESSAGE_AGE_SECONDS) * 1000) throw new SiwsError('Message is too old')
  // Each bound is checked on its own: an expiry counts even when there is no not-before.
  if (message.expirationTime !== undefined && time(message.expirationTime, 'Expiration Time') <= now) throw new SiwsError('Message has expired')
  if (message.notBefore !== undefined && time(message.notBefore, 'Not Before') > now + skew) throw new SiwsError('Message is not yet valid')

  let valid = false
  try {
    valid = ed25519.verify(signature, new TextEncoder().encode(input.message), publicKey)
  } catch {
    valid = false
  }
  if (!valid) throw new SiwsError('Invalid signature')
  return message
}
