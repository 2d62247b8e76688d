import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createShareStore, ShareUnsealError, type SealedShare } from './shareStore.js'

const keys = () => ({ walletKek: new Uint8Array(randomBytes(32)), recoveryKek: new Uint8Array(randomBytes(32)) })
const owner = { userId: 'did:foyer:aaa', rootId: 'root-1' }
const share = () => new Uint8Array(randomBytes(17))
const flip = (b64: string) => {
  const bytes = Buffer.from(b64, 'base64')
  bytes[0]! ^= 1
  return bytes.toString('base64')
}

describe('the default share store (AES-256-GCM)', () => {
  it('seals and opens auth and recovery shares; each seal has its own IV and ciphertext', async () => {
    const store = createShareStore(keys())
    const auth = share()
    const one = await store.seal(owner, 'auth', auth)
    const two = await store.seal(owner, 'auth', auth)
    expect(one.iv).not.toBe(two.iv)
    expect(one.ciphertext).not.toBe(two.ciphertext)
    expect(one.wrappedKey).toBeNull()
    expect(await store.open(owner, 'auth', one)).toEqual(auth)
    const recovery = share()
    const sealed = await store.seal(owner, 'recovery', recovery)
    expect(sealed.wrappedKey).toEqual(expect.any(String))
    expect(sealed.keyId).not.toBe(one.keyId)
    expect(await store.open(owner, 'recovery', sealed)).toEqual(recovery)
  })

  it('binds each ciphertext to its user, root and kind (AAD): moved anywhere else it does not open', async () => {
    const store = createShareStore(keys())
    const auth = await store.seal(owner, 'auth', share())
    const recovery = await store.seal(owner, 'recovery', share())
    await expect(store.open({ ...owner, userId: 'did:foyer:bbb' }, 'auth', auth)).rejects.toThrow(ShareUnsealError)
    await expect(store.open({ ...owner, rootId: 'root-2' }, 'auth', auth)).rejects.toThrow(ShareUnsealError)
    await expect(store.open({ ...owner, rootId: 'root-2' }, 'recovery', recovery)).rejects.toThrow(ShareUnsealError)
    // An auth ciphertext presented as a recovery share (with the recovery share's wrapped key) fails too.
    await expect(store.open(owner, 'recovery', { ...recovery, ciphertext: auth.ciphertext, iv: auth.iv })).rejects.toThrow(ShareUnsealError)
  })

  it('detects a changed ciphertext, IV or wrapped key', async () => {
    const store = createShareStore(keys())
    const auth = await store.seal(owner, 'auth', share())
    const recovery = await store.seal(owner, 'recovery', share())
    const changed: [SealedShare, 'auth' | 'recovery'][] = [
      [{ ...auth, ciphertext: flip(auth.ciphertext) }, 'auth'],
      [{ ...auth, iv: flip(auth.iv) }, 'auth'],
      [{ ...recovery, ciphertext: flip(recovery.ciphertext) }, 'recovery'],
      [{ ...recovery, wrappedKey: flip(recovery.wrappedKey!) }, 'recovery'],
      [{ ...recovery, wrappedKey: null }, 'recovery'],
      [{ ...auth, ciphertext: 'AAAA' }, 'auth'],
    ]
    for (const [sealed, kind] of changed) await expect(store.open(owner, kind, sealed)).rejects.toThrow(ShareUnsealError)
  })

  it('the two keys are separate: the wallet key alone opens no recovery share, and a changed key is named', async () => {
    const original = keys()
    const sealed = await createShareStore(original).seal(owner, 'recovery', share())
    const auth = await createShareStore(original).seal(owner, 'auth', share())
    const otherRecovery = createShareStore({ walletKek: original.walletKek, recoveryKek: new Uint8Array(randomBytes(32)) })
    await expect(otherRecovery.open(owner, 'recovery', sealed)).rejects.toThrow(/sealed under another FOYER_RECOVERY_KEK/)
    expect(await otherRecovery.open(owner, 'auth', auth)).toHaveLength(17)
    const otherWallet = createShareStore({ walletKek: new Uint8Array(randomBytes(32)), recoveryKek: original.recoveryKek })
    await expect(otherWallet.open(owner, 'auth', auth)).rejects.toThrow(/sealed under another FOYER_WALLET_KEK/)
  })
})
