import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import type { HDAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { frameEvents } from '../frameProtocol.js'
import { farcasterSignerKeyOf, initFarcasterSigner, signFarcasterMessage } from './farcasterSigner.js'
import { FrameFailure } from './frameFailure.js'
import { frameHandlers } from './frameHandlers.js'
import { ethereumAccountOf } from './keys/ethereumAccount.js'
import { solanaKeypairOf } from './keys/solanaKeypair.js'
import { newWalletSecret } from './keys/walletSecret.js'
import type { UnlockedWallet, WalletVault } from './walletVault.js'

const unlocked = (secret: Uint8Array, walletIndex = 0, chainType: 'ethereum' | 'solana' = 'ethereum') =>
  ({ secret, walletIndex, root: { chainType } }) as unknown as UnlockedWallet
const hash = () => `0x${bytesToHex(crypto.getRandomValues(new Uint8Array(20)))}` as const

describe('Farcaster signer key in the frame', () => {
  it('is deterministic per wallet: the same secret (a recovery on another device) makes the same key; other wallets other keys', () => {
    const secret = newWalletSecret()
    const again = Uint8Array.from(secret)
    const first = initFarcasterSigner(unlocked(secret)).publicKey
    expect(first).toMatch(/^0x[0-9a-f]{64}$/)
    expect(initFarcasterSigner(unlocked(again)).publicKey).toBe(first)
    expect(initFarcasterSigner(unlocked(secret, 1)).publicKey).not.toBe(first)
    expect(initFarcasterSigner(unlocked(newWalletSecret())).publicKey).not.toBe(first)
    // An imported wallet (its secret a 32-byte private key) has one too.
    const imported = crypto.getRandomValues(new Uint8Array(32))
    expect(initFarcasterSigner(unlocked(imported)).publicKey).toBe(initFarcasterSigner(unlocked(Uint8Array.from(imported))).publicKey)
  })

  it("is none of the wallet's other keys (domain-separated from the Ethereum and Solana derivations)", () => {
    const secret = newWalletSecret()
    const key = bytesToHex(farcasterSignerKeyOf(secret))
    const ethereum = ethereumAccountOf(secret) as HDAccount
    expect(key).not.toBe(bytesToHex(ethereum.getHdKey().privateKey!))
    expect(key).not.toBe(bytesToHex(solanaKeypairOf(secret).secretKey))
  })

  it('signs a 20-byte message hash; the signature verifies with ed25519 against the public key, not for another hash', () => {
    const wallet = unlocked(newWalletSecret())
    const { publicKey } = initFarcasterSigner(wallet)
    const h = hash()
    const { signature, publicKey: signedWith } = signFarcasterMessage(wallet, h, 1234)
    expect(signedWith).toBe(publicKey)
    expect(ed25519.verify(hexToBytes(signature.slice(2)), hexToBytes(h.slice(2)), hexToBytes(publicKey.slice(2)))).toBe(true)
    expect(ed25519.verify(hexToBytes(signature.slice(2)), hexToBytes(hash().slice(2)), hexToBytes(publicKey.slice(2)))).toBe(false)
  })

  it('refuses a hash that is not 20 bytes, a bad fid and a Solana wallet', () => {
    const wallet = unlocked(newWalletSecret())
    for (const bad of ['0x1234', `${hash()}00`, 'abc', 12, null]) expect(() => signFarcasterMessage(wallet, bad, 1)).toThrow(FrameFailure)
    for (const bad of [0, -1, 1.5, '1', undefined]) expect(() => signFarcasterMessage(wallet, hash(), bad)).toThrow(/fid/)
    expect(() => initFarcasterSigner(unlocked(newWalletSecret(), 0, 'solana'))).toThrow(/Ethereum/)
  })

  it("the frame's events answer the public key and the signature only, through vault.wallet(address, accessToken)", async () => {
    const wallet = unlocked(newWalletSecret())
    const calls: unknown[][] = []
    const vault = { wallet: async (...args: unknown[]) => (calls.push(args), wallet) } as unknown as WalletVault
    const handlers = frameHandlers(vault)
    const init = (await handlers[frameEvents.farcasterInitSigner]!({ address: '0xabc', accessToken: 't' })) as Record<string, string>
    expect(Object.keys(init)).toEqual(['publicKey'])
    const h = hash()
    const signed = (await handlers[frameEvents.farcasterSign]!({ address: '0xabc', accessToken: 't', hash: h, fid: 7 })) as Record<string, string>
    expect(Object.keys(signed).sort()).toEqual(['publicKey', 'signature'])
    expect(ed25519.verify(hexToBytes(signed.signature!.slice(2)), hexToBytes(h.slice(2)), hexToBytes(init.publicKey!.slice(2)))).toBe(true)
    expect(calls).toEqual([['0xabc', 't'], ['0xabc', 't']])
  })
})
