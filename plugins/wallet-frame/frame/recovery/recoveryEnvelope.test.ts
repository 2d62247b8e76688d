import { describe, expect, it } from 'vitest'
import { newWalletSecret } from '../keys/walletSecret.js'
import { splitWalletSecret } from '../keys/walletShares.js'
import { derivePasswordKey, newPasswordKdf, passwordKeySource } from '../../../recovery-password/frame.js'
import { openRecoveryShare, RecoveryKeyMismatch, sealRecoveryShare } from './recoveryEnvelope.js'
import { oprfBlindEvaluate, randomOprfScalar } from '../../../recovery-password/server.js'

const binding = { userId: 'user-1', rootId: 'root-1', method: 'user-passcode' as const }

describe('password recovery key and envelope', () => {
  it('new KDF parameters are argon2id m = 19456 KiB, t = 2, p = 1 with a fresh 16-byte salt', () => {
    const a = newPasswordKdf()
    expect(a).toMatchObject({ algorithm: 'argon2id', version: 19, memory_kib: 19456, iterations: 2, parallelism: 1, hash_length: 32 })
    expect(atob(a.salt)).toHaveLength(16)
    expect(newPasswordKdf().salt).not.toBe(a.salt)
  })

  it('the same password and parameters give the same 32-byte key; another password or salt another', async () => {
    const kdf = newPasswordKdf()
    const key = await derivePasswordKey('Correct-Horse-1', kdf)
    expect(key).toHaveLength(32)
    expect(await derivePasswordKey('Correct-Horse-1', kdf)).toEqual(key)
    expect(await derivePasswordKey('Correct-Horse-2', kdf)).not.toEqual(key)
    expect(await derivePasswordKey('Correct-Horse-1', newPasswordKdf())).not.toEqual(key)
  })

  it('round trip: the right password opens the share; a wrong one, or another user/root, fails', async () => {
    const { recovery } = await splitWalletSecret(newWalletSecret())
    // A password set before the OPRF (argon2id alone): still opened with keyFor.
    const source = passwordKeySource('Correct-Horse-1')
    const kdf = newPasswordKdf()
    const key = await derivePasswordKey('Correct-Horse-1', kdf)
    const sealed = await sealRecoveryShare(key, recovery, binding)
    expect(atob(sealed.ciphertext)).toHaveLength(recovery.length + 16)
    expect(await openRecoveryShare(await source.keyFor(kdf), sealed, binding)).toEqual(recovery)
    const wrong = await passwordKeySource('Correct-Horse-2').keyFor(kdf)
    await expect(openRecoveryShare(wrong, sealed, binding)).rejects.toBeInstanceOf(RecoveryKeyMismatch)
    await expect(openRecoveryShare(key, sealed, { ...binding, userId: 'user-2' })).rejects.toBeInstanceOf(RecoveryKeyMismatch)
    await expect(openRecoveryShare(key, sealed, { ...binding, rootId: 'root-2' })).rejects.toBeInstanceOf(RecoveryKeyMismatch)
  })

  it('a new password needs the server: its key is the OPRF output stretched by argon2id into a key and a verifier', async () => {
    const serverKey = randomOprfScalar()
    const evaluate = async (blinded: Uint8Array) => oprfBlindEvaluate(serverKey, blinded)
    await expect(passwordKeySource('Correct-Horse-1').newKey()).rejects.toThrow()
    const made = await passwordKeySource('Correct-Horse-1').newKey(evaluate)
    expect(made.kdf).toMatchObject({ algorithm: 'oprf-argon2id', oprf: 'ristretto255-SHA512', memory_kib: 19456, iterations: 2, parallelism: 1, hash_length: 64 })
    expect(made.key).toHaveLength(32)
    expect(made.verifier).toHaveLength(32)
    // The same password and server key give them again (whatever the blind); another password or server key don't.
    const again = async (password: string, key = serverKey) => {
      const round = passwordKeySource(password).oprfRecovery!()
      return round.finish(made.kdf as never, oprfBlindEvaluate(key, round.blindedElement))
    }
    expect(await again('Correct-Horse-1')).toEqual({ key: made.key, verifier: made.verifier })
    expect((await again('Correct-Horse-2')).key).not.toEqual(made.key)
    expect((await again('Correct-Horse-1', randomOprfScalar())).verifier).not.toEqual(made.verifier)
    // Without the server's key, argon2id of the password alone (what a copied database allows) gives neither.
    const offline = await derivePasswordKey('Correct-Horse-1', { ...(made.kdf as object), algorithm: 'argon2id', hash_length: 32 } as never)
    expect(offline).not.toEqual(made.key)
  })
})
