import { x25519 } from '@noble/curves/ed25519'
import { describe, expect, it } from 'vitest'
import { delegationAad, openDelegationEnvelope, sealDelegationEnvelope } from './delegationEnvelope.js'

const server = x25519.utils.randomSecretKey()
const serverPublic = x25519.getPublicKey(server)
const binding = { appId: 'foyer_test_app_0000000001', userId: 'user-1', address: 'GsXLvGuBGw2mqNLA2XSP2SEUbk4x1cJhw3LXSkLwqBX7' }
const secret = crypto.getRandomValues(new Uint8Array(32))

describe('delegation envelope (x25519 + HKDF-SHA256 + AES-256-GCM)', () => {
  it('round trips to the server key, with a fresh ephemeral key and nonce each time; the ciphertext hides the key', async () => {
    const a = await sealDelegationEnvelope(secret, serverPublic, binding)
    const b = await sealDelegationEnvelope(secret, serverPublic, binding)
    expect(a.epk).not.toBe(b.epk)
    expect(a.iv).not.toBe(b.iv)
    expect(Buffer.from(a.ct, 'base64').length).toBe(32 + 16)
    expect(Buffer.from(a.ct, 'base64').includes(Buffer.from(secret))).toBe(false)
    expect(await openDelegationEnvelope(a, server, binding)).toEqual(secret)
    expect(await openDelegationEnvelope(b, server, binding)).toEqual(secret)
  })

  it('is bound to the app, the user and the address (AAD), and opens only with the server key', async () => {
    const sealed = await sealDelegationEnvelope(secret, serverPublic, binding)
    for (const other of [{ ...binding, appId: 'foyer_test_app_0000000002' }, { ...binding, userId: 'user-2' }, { ...binding, address: '11111111111111111111111111111111' }]) {
      await expect(openDelegationEnvelope(sealed, server, other)).rejects.toThrow()
    }
    await expect(openDelegationEnvelope(sealed, x25519.utils.randomSecretKey(), binding)).rejects.toThrow()
    const tampered = Buffer.from(sealed.ct, 'base64')
    tampered[0] = tampered[0]! ^ 1
    await expect(openDelegationEnvelope({ ...sealed, ct: tampered.toString('base64') }, server, binding)).rejects.toThrow()
    // Length-prefixed parts: moving a character from one part to the next changes the AAD.
    expect(delegationAad({ appId: 'ab', userId: 'c', address: 'd' })).not.toEqual(delegationAad({ appId: 'a', userId: 'bc', address: 'd' }))
  })
})
