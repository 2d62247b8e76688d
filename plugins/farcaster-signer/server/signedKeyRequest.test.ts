import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, recoverTypedDataAddress, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { SIGNED_KEY_REQUEST_DOMAIN, signedKeyRequestTypedData, signKeyRequest } from './signedKeyRequest.js'

describe('SignedKeyRequest EIP-712 signature', () => {
  it("verifies for the custody address and no other; a changed key, fid or deadline doesn't verify", async () => {
    const custody = privateKeyToAccount(generatePrivateKey())
    const message = { requestFid: 1234n, key: bytesToHex(ed25519.getPublicKey(ed25519.utils.randomPrivateKey())), deadline: 1_900_000_000n }
    const signature = await signKeyRequest(custody, message)
    expect(await verifyTypedData({ address: custody.address, signature, ...signedKeyRequestTypedData(message) })).toBe(true)
    expect(await recoverTypedDataAddress({ signature, ...signedKeyRequestTypedData(message) })).toBe(custody.address)
    const other = privateKeyToAccount(generatePrivateKey())
    expect(await verifyTypedData({ address: other.address, signature, ...signedKeyRequestTypedData(message) })).toBe(false)
    for (const changed of [{ ...message, requestFid: 1235n }, { ...message, deadline: message.deadline + 1n }, { ...message, key: bytesToHex(ed25519.getPublicKey(ed25519.utils.randomPrivateKey())) }]) {
      expect(await verifyTypedData({ address: custody.address, signature, ...signedKeyRequestTypedData(changed) })).toBe(false)
    }
  })

  it("uses Farcaster's validator domain on OP mainnet", () => {
    expect(SIGNED_KEY_REQUEST_DOMAIN).toEqual({ name: 'Farcaster SignedKeyRequestValidator', version: '1', chainId: 10, verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553' })
  })
})
