import { describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { SiweError, verifySiwe, type SiweExpectation } from './verifySiwe.js'

const ORIGIN = 'http://localhost:5173'
const NONCE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
const account = privateKeyToAccount(generatePrivateKey())
const other = privateKeyToAccount(generatePrivateKey())
const NOW = new Date('2025-06-01T12:00:00.000Z')

const okNonce: SiweExpectation['checkNonce'] = async (nonce) => {
  if (nonce !== NONCE) throw new SiweError('Unknown nonce')
}
const expectation = (over: Partial<SiweExpectation> = {}): SiweExpectation => ({
  allowedOrigins: new Set([ORIGIN, 'https://app.example.com']),
  now: NOW,
  checkNonce: okNonce,
  ...over,
})

async function signed(over: Partial<SiweMessage> = {}, signer = account) {
  const message = createSiweMessage({
    address: signer.address,
    chainId: 1,
    domain: 'localhost:5173',
    nonce: NONCE,
    uri: ORIGIN,
    version: '1',
    issuedAt: NOW,
    ...over,
  })
  return { message, signature: await signer.signMessage({ message }) }
}

const rejects = (p: Promise<unknown>, text: string) => expect(p).rejects.toThrow(new SiweError(text))

describe('verifySiwe', () => {
  it('accepts a well-formed message signed by its address and answers the checksummed signer', async () => {
    const out = await verifySiwe(await signed(), expectation())
    expect(out).toEqual({ address: account.address, chainId: 1, nonce: NONCE, contractWallet: false })
  })

  it('accepts the domain and URI of any allowed origin, with resources and a future expiry', async () => {
    const input = await signed({ domain: 'app.example.com', uri: 'https://app.example.com/login', resources: ['https://foyer.dev'], expirationTime: new Date(NOW.getTime() + 60_000) })
    expect((await verifySiwe(input, expectation())).address).toBe(account.address)
  })

  it('refuses a domain that is not the host of an allowed origin', async () => {
    await rejects(verifySiwe(await signed({ domain: 'evil.example', uri: 'https://evil.example' }), expectation()), 'Domain mismatch')
  })

  it('refuses a URI whose origin is not allowed, or not on the message domain', async () => {
    await rejects(verifySiwe(await signed({ uri: 'https://evil.example/' }), expectation()), 'URI mismatch')
    await rejects(verifySiwe(await signed({ uri: 'https://app.example.com' }), expectation()), 'URI mismatch')
    await rejects(verifySiwe(await signed({ uri: 'http://localhost:5174' }), expectation()), 'URI mismatch')
  })

  it('refuses a scheme prefix that differs from the URI scheme', async () => {
    await rejects(verifySiwe(await signed({ scheme: 'https' }), expectation()), 'URI mismatch')
  })

  it('refuses a chain the app does not list, and a body chainId that differs from the message', async () => {
    const chains = { '8453': { rpc_url: 'http://127.0.0.1:1' } }
    await rejects(verifySiwe(await signed({ chainId: 1 }), expectation({ chains })), 'Chain not allowed')
    expect((await verifySiwe(await signed({ chainId: 8453 }), expectation({ chains }))).chainId).toBe(8453)
    await rejects(verifySiwe(await signed({ chainId: 1 }), expectation({ chainId: 'eip155:10' })), 'Chain id does not match the message')
    expect((await verifySiwe(await signed({ chainId: 10 }), expectation({ chainId: 'eip155:10' }))).chainId).toBe(10)
  })

  it('refuses an expired message even without Not Before', async () => {
    await rejects(verifySiwe(await signed({ expirationTime: new Date(NOW.getTime() - 1) }), expectation()), 'Message expired')
    await rejects(verifySiwe(await signed({ expirationTime: NOW }), expectation()), 'Message expired')
  })

  it('refuses a message whose Not Before is in the future', async () => {
    await rejects(verifySiwe(await signed({ notBefore: new Date(NOW.getTime() + 5_000) }), expectation()), 'Message not yet valid')
    expect((await verifySiwe(await signed({ notBefore: new Date(NOW.getTime() - 5_000) }), expectation())).nonce).toBe(NONCE)
  })

  it('refuses Issued At older than 10 minutes or more than a minute ahead of the server clock', async () => {
    await rejects(verifySiwe(await signed({ issuedAt: new Date(NOW.getTime() - 601_000) }), expectation()), 'Message too old')
    await rejects(verifySiwe(await signed({ issuedAt: new Date(NOW.getTime() + 61_000) }), expectation()), 'Message issued in the future')
    expect((await verifySiwe(await signed({ issuedAt: new Date(NOW.getTime() - 599_000) }), expectation())).nonce).toBe(NONCE)
  })

  it('refuses a nonce the server check rejects, before looking at the signature', async () => {
    await rejects(verifySiwe(await signed({ nonce: 'zzzzzzzzzzzz' }), expectation()), 'Unknown nonce')
    const seen: string[] = []
    await verifySiwe(await signed(), expectation({ checkNonce: async (n, a) => void seen.push(`${n}:${a}`) }))
    expect(seen).toEqual([`${NONCE}:${account.address}`])
  })

  it('refuses a signature by another key, a tampered message and junk signatures', async () => {
    const { message } = await signed()
    const foreign = await other.signMessage({ message })
    await rejects(verifySiwe({ message, signature: foreign }, expectation()), 'Invalid signature')
    const good = await signed()
    await rejects(verifySiwe({ message: good.message.replace('Chain ID: 1', 'Chain ID: 10'), signature: good.signature }, expectation()), 'Invalid signature')
    await rejects(verifySiwe({ message, signature: `0x${'00'.repeat(65)}` }, expectation()), 'Invalid signature')
    await rejects(verifySiwe({ message, signature: `0x${'ab'.repeat(64)}` }, expectation()), 'Invalid signature')
  })

  it('refuses malformed messages: not EIP-4361, missing fields, bad version, bad checksum, bad dates', async () => {
    const sig = `0x${'11'.repeat(65)}` as const
    await rejects(verifySiwe({ message: 'hello world', signature: sig }, expectation()), 'Malformed sign-in message')
    const { message } = await signed()
    await rejects(verifySiwe({ message: message.replace(/\nNonce: .*/, ''), signature: sig }, expectation()), 'Malformed sign-in message')
    await rejects(verifySiwe({ message: message.replace('Version: 1', 'Version: 2'), signature: sig }, expectation()), 'Unsupported message version')
    const badChecksum = message.replace(account.address, account.address.slice(0, 2) + [...account.address.slice(2)].map((ch) => (/[a-f]/.test(ch) ? ch.toUpperCase() : /[A-F]/.test(ch) ? ch.toLowerCase() : ch)).join(''))
    await rejects(verifySiwe({ message: badChecksum, signature: sig }, expectation()), 'Malformed sign-in message')
    await rejects(verifySiwe({ message: message.replace(/Issued At: .*/, 'Issued At: yesterday'), signature: sig }, expectation()), 'Malformed sign-in message')
    await rejects(verifySiwe({ message: `${message}\nExpiration Time: soon`, signature: sig }, expectation()), 'Message expired')
  })

  it('accepts an all-lower-case address (no checksum to check)', async () => {
    const { message } = await signed()
    const lower = message.replace(account.address, account.address.toLowerCase())
    const out = await verifySiwe({ message: lower, signature: await account.signMessage({ message: lower }) }, expectation())
    expect(out.address).toBe(account.address)
  })
})
