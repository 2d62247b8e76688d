import { bytesToHex } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { ethereumKeyOf } from '../keys/ethereumKey.js'
import { solanaKeypairOf } from '../keys/solanaKeypair.js'
import { newWalletSecret } from '../keys/walletSecret.js'
import { FrameFailure } from '../frameFailure.js'
import { testFrameKernel } from './testFrameKernel.js'

describe("the frame kernel's key API (what a plugin's frame half gets)", () => {
  it("derives a key per purpose, none of them the wallet's Ethereum or Solana key, the same from the same secret", async () => {
    const secret = newWalletSecret()
    const kernel = testFrameKernel({ secret })
    const wallet = await kernel.wallet(kernel.addressAt(0), 't')
    expect(wallet).toEqual({ address: kernel.addressAt(0), chainType: 'ethereum', walletIndex: 0 })
    const a = bytesToHex(kernel.deriveKey(wallet, { salt: 'a', info: 'x' }))
    expect(a).toHaveLength(64)
    expect(bytesToHex(kernel.deriveKey(wallet, { salt: 'b', info: 'x' }))).not.toBe(a)
    expect(bytesToHex(kernel.deriveKey(wallet, { salt: 'a', info: 'y' }))).not.toBe(a)
    const again = testFrameKernel({ secret: Uint8Array.from(secret) })
    expect(bytesToHex(again.deriveKey(await again.wallet(again.addressAt(0), 't'), { salt: 'a', info: 'x' }))).toBe(a)
    expect(a).not.toBe(bytesToHex(ethereumKeyOf(secret).privateKey))
    expect(a).not.toBe(bytesToHex(solanaKeypairOf(secret).secretKey))
  })

  it("gives a Solana wallet's own key pair, and refuses it for an Ethereum wallet", async () => {
    const secret = newWalletSecret()
    const solana = testFrameKernel({ secret, chainType: 'solana' })
    const pair = solana.solanaKeypair(await solana.wallet(solana.addressAt(2), 't'))
    expect(pair.address).toBe(solanaKeypairOf(secret, 2).address)
    expect(bytesToHex(pair.secretKey)).toBe(bytesToHex(solanaKeypairOf(secret, 2).secretKey))
    const ethereum = testFrameKernel({ secret })
    expect(() => ethereum.solanaKeypair({ address: 'x', chainType: 'ethereum', walletIndex: 0 })).toThrow(FrameFailure)
  })

  it('answers keys only for a wallet it unlocked itself: a handle a half made up gets nothing', async () => {
    const kernel = testFrameKernel()
    const forged = { address: kernel.addressAt(0), chainType: 'ethereum' as const, walletIndex: 0 }
    expect(() => kernel.deriveKey(forged, { salt: 'a', info: 'b' })).toThrow(FrameFailure)
    await expect(kernel.wallet('0x0000000000000000000000000000000000000001', 't')).rejects.toThrow(FrameFailure)
  })
})
