import { ed25519 } from '@noble/curves/ed25519'
import { hexToBytes } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { FrameFailure, testFrameKernel } from 'foyer/plugins/wallet-frame/frame'
import noteFrame from './frame.js'
import { NOTE_MAX_LENGTH, NOTE_PREFIX, noteSignerFrameEvents, type SignedNote } from './frameEvents.js'

const verify = (signed: SignedNote, message: string) => ed25519.verify(hexToBytes(signed.signature.slice(2)), new TextEncoder().encode(message), hexToBytes(signed.publicKey.slice(2)))

describe("the note signer's frame half (a third party's, tested with the package's testFrameKernel)", () => {
  it('signs the prefixed note with a key per wallet, the same from the same secret (a recovery), verifiable with ed25519', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(16))
    const kernel = testFrameKernel({ secret })
    const sign = (note: unknown, walletIndex = 0, k = kernel) => noteFrame.handlers(k)[noteSignerFrameEvents.sign]!({ address: k.addressAt(walletIndex), accessToken: 't', note }) as Promise<SignedNote>
    const signed = await sign('hello')
    expect(verify(signed, `${NOTE_PREFIX}hello`)).toBe(true)
    // Only as a note: the same words without the prefix don't verify.
    expect(verify(signed, 'hello')).toBe(false)
    const again = testFrameKernel({ secret: Uint8Array.from(secret) })
    expect((await sign('hello', 0, again)).publicKey).toBe(signed.publicKey)
    expect((await sign('hello', 1)).publicKey).not.toBe(signed.publicKey)
  })

  it('refuses an empty, too long or non-string note before unlocking anything', async () => {
    const kernel = testFrameKernel()
    const handler = noteFrame.handlers(kernel)[noteSignerFrameEvents.sign]!
    for (const note of ['', 'x'.repeat(NOTE_MAX_LENGTH + 1), 42, null]) {
      await expect(handler({ address: kernel.addressAt(0), accessToken: 't', note })).rejects.toBeInstanceOf(FrameFailure)
    }
  })
})
