import { ed25519 } from '@noble/curves/ed25519'
import fc from 'fast-check'
import { bytesToHex, hexToBytes, keccak256, toBytes, verifyMessage } from 'viem'
import { HDKey, hdKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { ethereumKeyOf, personalMessageDigest, signEthereumDigest } from './ethereumKey.js'
import { signSolanaMessage, slip10, solanaKeypairOf } from './solanaKeypair.js'
import { newWalletSecret } from './walletSecret.js'
import { mnemonicOf, seedOf } from './walletSeed.js'
import { combineWalletShares, splitWalletSecret } from './walletShares.js'

const entropy = fc.uint8Array({ minLength: 16, maxLength: 16 })
const pairs = [['device', 'auth'], ['device', 'recovery'], ['auth', 'recovery']] as const

describe('wallet keys', () => {
  it('any 2 of the 3 shares rebuild the secret (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(entropy, fc.uint8Array({ minLength: 32, maxLength: 32 })), async (secret) => {
        const shares = await splitWalletSecret(secret)
        for (const [a, b] of pairs) expect(await combineWalletShares(shares[a], shares[b])).toEqual(secret)
      }),
      { numRuns: 60 },
    )
  })

  it('one share reveals nothing usable: it is uniform noise plus its index, and 2 splits of one secret share no bytes by design', async () => {
    await fc.assert(
      fc.asyncProperty(entropy, async (secret) => {
        const one = await splitWalletSecret(secret)
        const two = await splitWalletSecret(secret)
        // Each share's value bytes are independent of the secret: a fresh split of the same secret gives other bytes.
        expect(bytesToHex(one.device.subarray(0, 16))).not.toBe(bytesToHex(two.device.subarray(0, 16)))
        // A share is never the secret, and shares of different splits don't combine to it.
        expect(one.device.subarray(0, 16)).not.toEqual(secret)
        // (Shares carry random x coordinates: two splits can pick the same one, and then they don't combine at all.)
        if (one.device.at(-1) !== two.auth.at(-1)) expect(await combineWalletShares(one.device, two.auth)).not.toEqual(secret)
      }),
      { numRuns: 40 },
    )
  })

  it('a corrupted share rebuilds other bytes without an error: the address check is what catches it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(entropy, fc.nat({ max: 15 }), fc.integer({ min: 1, max: 255 }), async (secret, at, flip) => {
        const shares = await splitWalletSecret(secret)
        const corrupt = shares.auth.slice()
        corrupt[at]! ^= flip
        const rebuilt = await combineWalletShares(shares.device, corrupt)
        expect(rebuilt).not.toEqual(secret)
        expect(ethereumKeyOf(rebuilt).address).not.toBe(ethereumKeyOf(secret).address)
      }),
      { numRuns: 40 },
    )
  })

  it("draws a new root's entropy from crypto.getRandomValues (the split's draws are counted in the frame, in Chromium: test/e2e/embeddedWallet.test.ts)", () => {
    const spy = vi.spyOn(crypto, 'getRandomValues')
    const secret = newWalletSecret()
    expect(spy).toHaveBeenCalledTimes(1)
    expect(spy.mock.results[0]!.value).toBe(secret)
    expect(secret).toHaveLength(16)
    spy.mockRestore()
  })

  it("derives Ethereum HD accounts m/44'/60'/0'/0/i (the BIP-39 test mnemonic's known addresses)", () => {
    const secret = new Uint8Array(16) // 'abandon … about'
    expect(mnemonicOf(secret)).toBe('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')
    expect(ethereumKeyOf(secret, 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
    expect(ethereumKeyOf(secret, 1).address).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0')
  })

  it("gives viem's keys, addresses and signatures (hdKeyToAccount, privateKeyToAccount, sign) without viem", async () => {
    const secret = newWalletSecret()
    const hd = HDKey.fromMasterSeed(seedOf(secret))
    for (const index of [0, 1, 7]) {
      const viemAccount = hdKeyToAccount(hd, { addressIndex: index })
      const key = ethereumKeyOf(secret, index)
      expect(key.address).toBe(viemAccount.address)
      expect(bytesToHex(key.privateKey)).toBe(bytesToHex(viemAccount.getHdKey().privateKey!))
      const digest = keccak256(toBytes(`message ${index}`))
      expect(signEthereumDigest(key.privateKey, hexToBytes(digest))).toBe(await viemAccount.sign({ hash: digest }))
      expect(signEthereumDigest(key.privateKey, personalMessageDigest('héllo'))).toBe(await viemAccount.signMessage({ message: 'héllo' }))
    }
    expect(() => signEthereumDigest(ethereumKeyOf(secret).privateKey, new Uint8Array(31))).toThrow('32 bytes')
  })

  it('an imported key is its own account', async () => {
    const key = hexToBytes('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const account = ethereumKeyOf(key)
    expect(account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(() => ethereumKeyOf(key, 1)).toThrow('only walletIndex 0')
    const signature = signEthereumDigest(account.privateKey, personalMessageDigest('hi'))
    expect(await verifyMessage({ address: account.address, message: 'hi', signature })).toBe(true)
  })

  it('SLIP-0010 ed25519 matches the specification test vector 1', () => {
    const seed = hexToBytes('0x000102030405060708090a0b0c0d0e0f')
    expect(bytesToHex(slip10(seed, []))).toBe('0x2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7')
    expect(bytesToHex(slip10(seed, [0]))).toBe('0x68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3')
    expect(bytesToHex(ed25519.getPublicKey(slip10(seed, [0])))).toBe('0x8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c')
  })

  it('derives Solana wallets per index and signs verifiable ed25519 messages', () => {
    const secret = newWalletSecret()
    const zero = solanaKeypairOf(secret, 0)
    const one = solanaKeypairOf(secret, 1)
    expect(zero.address).not.toBe(one.address)
    expect(zero.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const message = new TextEncoder().encode('hello')
    expect(ed25519.verify(signSolanaMessage(zero, message), message, zero.publicKey)).toBe(true)
  })
})
