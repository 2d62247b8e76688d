import { describe, expect, it } from 'vitest'
import { clientDataOf, expectedOrigins, type AssertionClientData } from './passkeyAssertion.js'

const app = new Set(['https://example.com', 'https://wallet.example.com'])
const wallet = 'https://wallet.example.com'
const data = (over: Partial<AssertionClientData>): AssertionClientData => ({ challenge: 'abc', origin: 'https://example.com', crossOrigin: false, topOrigin: null, ...over })

describe('where a passkey MFA assertion may come from', () => {
  it("the wallet frame on a subdomain of the relying party, inside an app page (or a browser that doesn't name the top page)", () => {
    expect(expectedOrigins(data({ origin: wallet, crossOrigin: true, topOrigin: 'https://example.com' }), 'example.com', app, wallet)).toEqual({
      expectedOrigin: wallet,
      expectedTopOrigin: ['https://example.com'],
    })
    expect(expectedOrigins(data({ origin: wallet, crossOrigin: true }), 'example.com', app, wallet)?.expectedOrigin).toBe(wallet)
  })

  it('an app page whose host is exactly the relying party', () => {
    expect(expectedOrigins(data({}), 'example.com', app, wallet)).toEqual({ expectedOrigin: 'https://example.com' })
  })

  it('nothing else: a foreign top page, a frame of another origin, the wallet as a top page, no wallet origin, another relying party', () => {
    expect(expectedOrigins(data({ origin: wallet, crossOrigin: true, topOrigin: 'https://evil.example' }), 'example.com', app, wallet)).toBeNull()
    expect(expectedOrigins(data({ origin: wallet, crossOrigin: true, topOrigin: wallet }), 'example.com', app, wallet)).toBeNull()
    expect(expectedOrigins(data({ origin: 'https://example.com', crossOrigin: true, topOrigin: 'https://example.com' }), 'example.com', app, wallet)).toBeNull()
    expect(expectedOrigins(data({ origin: wallet }), 'example.com', app, wallet)).toBeNull()
    expect(expectedOrigins(data({ origin: wallet, crossOrigin: true, topOrigin: 'https://example.com' }), 'example.com', app, null)).toBeNull()
    expect(expectedOrigins(data({ origin: wallet, crossOrigin: true, topOrigin: 'https://example.com' }), 'other.com', app, wallet)).toBeNull()
    expect(expectedOrigins(data({ topOrigin: 'https://example.com' }), 'example.com', app, wallet)).toBeNull()
  })

  it('reads crossOrigin and topOrigin from clientDataJSON; a non-string top origin is malformed', () => {
    const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
    expect(clientDataOf(encode({ type: 'webauthn.get', challenge: 'abc', origin: wallet, crossOrigin: true, topOrigin: 'https://example.com' }))).toEqual({
      challenge: 'abc', origin: wallet, crossOrigin: true, topOrigin: 'https://example.com',
    })
    expect(clientDataOf(encode({ type: 'webauthn.get', challenge: 'abc', origin: wallet, crossOrigin: true, topOrigin: 7 }))).toBeNull()
    expect(clientDataOf(encode({ type: 'webauthn.create', challenge: 'abc', origin: wallet }))).toBeNull()
  })
})
