import type { LocalAccount } from 'viem/accounts'

/** Farcaster's SignedKeyRequestValidator EIP-712 domain (OP mainnet), as Farcaster's contracts and docs define it. */
export const SIGNED_KEY_REQUEST_DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
} as const

/** The SignedKeyRequest type: the app's fid, the ed25519 key it asks to add, until when the request is valid. */
export const SIGNED_KEY_REQUEST_TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const

/** What the app's custody account signs. */
export interface SignedKeyRequestMessage {
  requestFid: bigint
  /** The signer's ed25519 public key, 0x-hex. */
  key: `0x${string}`
  /** Epoch seconds. */
  deadline: bigint
}

/** The EIP-712 typed data of a signed key request (for signing and for verifying). */
export const signedKeyRequestTypedData = (message: SignedKeyRequestMessage) =>
  ({ domain: SIGNED_KEY_REQUEST_DOMAIN, types: SIGNED_KEY_REQUEST_TYPES, primaryType: 'SignedKeyRequest', message }) as const

/** Signs a key request with the app's custody account (the account that owns `requestFid`). */
export function signKeyRequest(account: LocalAccount, message: SignedKeyRequestMessage): Promise<`0x${string}`> {
  return account.signTypedData(signedKeyRequestTypedData(message))
}
