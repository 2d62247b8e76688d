import { ed25519 } from '@noble/curves/ed25519'
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { describe, expect, it } from 'vitest'
import { FrameFailure, testFrameKernel } from '../wallet-frame/frame.js'
import farcasterFrame from './frame.js'
import { farcasterSignerFrameEvents as events } from './frameEvents.js'

const hash = () => `0x${bytesToHex(crypto.getRandomValues(new Uint8Array(20)))}` as const
const entropy = () => crypto.getRandomValues(new Uint8Array(16))

/** The half's handlers over a test kernel holding `secret`; `init`/`sign` for the wallet at `walletIndex`. */
function signer(secret = entropy(), chainType: 'ethereum' | 'solana' = 'ethereum') {
  const kernel = testFrameKernel({ secret, chainType })
  const handlers = farcasterFrame.handlers(kernel)
  return {
    init: async (walletIndex = 0) => ((await handlers[events.initSigner]!({ address: kernel.addressAt(walletIndex), accessToken: 't' })) as { publicKey: `0x${string}` }).publicKey,
    sign: (h: unknown, fid: unknown, walletIndex = 0) => handlers[events.sign]!({ address: kernel.addressAt(walletIndex), accessToken: 't', hash: h, fid }) as Promise<Record<string, `0x${string}`>>,
  }
}

describe("the Farcaster signer's frame half (the key made from the wallet's secret by the frame kernel's key API)", () => {
  it('is deterministic per wallet: the same secret (a recovery on another device) makes the same key; other wallets other keys', async () => {
    const secret = entropy()
    const first = await signer(secret).init()
    expect(first).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await signer(Uint8Array.from(secret)).init()).toBe(first)
    expect(await signer(secret).init(1)).not.toBe(first)
    expect(await signer().init()).not.toBe(first)
    // An imported wallet (its secret a 32-byte private key) has one too.
    const imported = crypto.getRandomValues(new Uint8Array(32))
    expect(await signer(imported).init()).toBe(await signer(Uint8Array.from(imported)).init())
  })

  it('is the key the frame made before it moved into this plugin (HKDF-SHA256 over the BIP-39 seed, same salt and info): approved signers keep working', async () => {
    const secret = entropy()
    const seed = mnemonicToSeedSync(entropyToMnemonic(secret, wordlist))
    const before = hkdf(sha256, seed, new TextEncoder().encode('foyer:farcaster-signer'), new TextEncoder().encode('farcaster-signer/v1/wallet/1'), 32)
    expect(await signer(secret).init(1)).toBe(`0x${bytesToHex(ed25519.getPublicKey(before))}`)
  })

  it('signs a 20-byte message hash; the signature verifies with ed25519 against the public key, not for another hash; answers nothing else', async () => {
    const s = signer()
    const publicKey = await s.init()
    const h = hash()
    const signed = await s.sign(h, 1234)
    expect(Object.keys(signed).sort()).toEqual(['publicKey', 'signature'])
    expect(signed.publicKey).toBe(publicKey)
    expect(ed25519.verify(hexToBytes(signed.signature!.slice(2)), hexToBytes(h.slice(2)), hexToBytes(publicKey.slice(2)))).toBe(true)
    expect(ed25519.verify(hexToBytes(signed.signature!.slice(2)), hexToBytes(hash().slice(2)), hexToBytes(publicKey.slice(2)))).toBe(false)
  })

  it('refuses a hash that is not 20 bytes, a bad fid and a Solana wallet', async () => {
    const s = signer()
    for (const bad of ['0x1234', `${hash()}00`, 'abc', 12, null]) await expect(s.sign(bad, 1)).rejects.toThrow(FrameFailure)
    for (const bad of [0, -1, 1.5, '1', undefined]) await expect(s.sign(hash(), bad)).rejects.toThrow(/fid/)
    await expect(signer(entropy(), 'solana').init()).rejects.toThrow(/Ethereum/)
  })
})
