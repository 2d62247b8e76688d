import { describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { SIWS_STATEMENT } from '../schema.js'
import { createSiwsMessage, parseSiwsMessage, type SiwsMessage } from '../siwsMessage.js'
import { SiwsError, SiwsMalformedError, verifySiws } from './verifySiws.js'

const secret = ed25519.utils.randomPrivateKey()
const address = bs58.encode(ed25519.getPublicKey(secret))
const now = new Date('2025-06-01T12:00:00.000Z')
const allowedOrigins = new Set(['http://localhost:5173', 'https://app.example.com'])

const fields = (overrides: Partial<SiwsMessage> = {}): SiwsMessage => ({
  domain: 'app.example.com',
  address,
  statement: SIWS_STATEMENT,
  uri: 'https://app.example.com',
  version: '1',
  chainId: 'mainnet',
  nonce: 'abcdef0123456789abcdef0123456789',
  issuedAt: '2025-06-01T11:59:00.000Z',
  resources: ['https://foyer.example.com'],
  ...overrides,
})
const sign = (message: string, key = secret) => bs58.encode(ed25519.sign(new TextEncoder().encode(message), key))
const signed = (overrides: Partial<SiwsMessage> = {}) => {
  const message = createSiwsMessage(fields(overrides))
  return { message, signature: sign(message) }
}
const run = (input: { message: string; signature: string }, extra: Partial<Parameters<typeof verifySiws>[1]> = {}) =>
  () => verifySiws(input, { allowedOrigins, now, ...extra })

describe('SIWS message', () => {
  it('is written in the Sign In With Solana layout', () => {
    expect(createSiwsMessage(fields())).toBe(
      `app.example.com wants you to sign in with your Solana account:\n${address}\n\n${SIWS_STATEMENT}\n\n` +
        'URI: https://app.example.com\nVersion: 1\nChain ID: mainnet\nNonce: abcdef0123456789abcdef0123456789\n' +
        'Issued At: 2025-06-01T11:59:00.000Z\nResources:\n- https://foyer.example.com',
    )
  })

  it('parses back to the same fields, with and without the optional ones', () => {
    const full = fields({ expirationTime: '2025-06-01T12:10:00.000Z', notBefore: '2025-06-01T11:58:00.000Z', requestId: 'r1', resources: ['https://a.test', 'https://b.test'] })
    expect(parseSiwsMessage(createSiwsMessage(full))).toEqual(full)
    const { statement: _s, resources: _r, ...bare } = fields()
    expect(parseSiwsMessage(createSiwsMessage(bare))).toEqual(bare)
  })

  it('refuses text that is not a SIWS message or lacks a required field', () => {
    expect(parseSiwsMessage('hello')).toBeNull()
    expect(parseSiwsMessage(createSiwsMessage(fields()).replace('Solana', 'Ethereum'))).toBeNull()
    expect(parseSiwsMessage(createSiwsMessage(fields()).replace(/\nNonce: [^\n]+/, ''))).toBeNull()
    expect(parseSiwsMessage(createSiwsMessage(fields()).replace(/\nIssued At: [^\n]+/, ''))).toBeNull()
  })
})

describe('verifySiws', () => {
  it('accepts a well-formed message signed by its address', () => {
    expect(verifySiws(signed(), { allowedOrigins, now }).nonce).toBe('abcdef0123456789abcdef0123456789')
  })

  it('accepts the configured chain id instead of mainnet', () => {
    expect(() => run(signed({ chainId: 'devnet' }), { chainId: 'devnet' })()).not.toThrow()
  })

  const rejected: Array<[string, Partial<SiwsMessage>, string]> = [
    ['a domain that is not an allowed origin', { domain: 'evil.example.com' }, 'Domain is not allowed'],
    ['a URI that is not an allowed origin', { uri: 'https://evil.example.com' }, 'URI is not allowed'],
    ['a URI on another allowed origin than the domain', { uri: 'http://localhost:5173' }, 'URI is not allowed'],
    ['another version', { version: '2' }, 'Unsupported version'],
    ['another chain id', { chainId: 'devnet' }, 'Chain ID is not allowed'],
    ['an issued-at older than 10 minutes', { issuedAt: '2025-06-01T11:49:00.000Z' }, 'Message is too old'],
    ['an issued-at in the future', { issuedAt: '2025-06-01T12:05:00.000Z' }, 'Issued At is in the future'],
    ['an expired message (no not-before)', { expirationTime: '2025-06-01T11:59:30.000Z' }, 'Message has expired'],
    ['a not-before still ahead', { notBefore: '2025-06-01T12:03:00.000Z' }, 'Message is not yet valid'],
  ]
  for (const [what, overrides, rule] of rejected) {
    it(`rejects ${what}`, () => {
      expect(run(signed(overrides))).toThrow(new SiwsError(rule))
    })
  }

  it('rejects a signature by another key', () => {
    const message = createSiwsMessage(fields())
    expect(run({ message, signature: sign(message, ed25519.utils.randomPrivateKey()) })).toThrow(new SiwsError('Invalid signature'))
  })

  it('rejects a signature over other text (the message was altered after signing)', () => {
    const { signature } = signed()
    expect(run({ message: createSiwsMessage(fields({ nonce: 'ffffffffffffffffffffffffffffffff' })), signature })).toThrow(new SiwsError('Invalid signature'))
  })

  it('rejects a message naming another address than the signer', () => {
    const other = bs58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    const message = createSiwsMessage(fields({ address: other }))
    expect(run({ message, signature: sign(message) })).toThrow(new SiwsError('Invalid signature'))
  })

  it('treats malformed input as malformed, not as a failed rule', () => {
    const ok = signed()
    expect(run({ message: 'not a siws message', signature: ok.signature })).toThrow(SiwsMalformedError)
    expect(run({ message: ok.message, signature: 'notbase58!!' })).toThrow(SiwsMalformedError)
    expect(run({ message: ok.message, signature: bs58.encode(new Uint8Array(63)) })).toThrow(SiwsMalformedError)
    expect(run(signed({ address: bs58.encode(new Uint8Array(31).fill(7)) }))).toThrow(SiwsMalformedError)
    expect(run(signed({ issuedAt: 'yesterday' }))).toThrow(SiwsMalformedError)
    expect(run(signed({ expirationTime: 'June 2025' }))).toThrow(SiwsMalformedError)
    expect(run(signed({ uri: 'not a uri' }))).toThrow(SiwsMalformedError)
  })
})
