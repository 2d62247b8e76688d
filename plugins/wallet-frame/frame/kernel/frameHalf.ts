import type { ApiCallDef } from '../../../../core/client/apiCallDef.js'
import type { WalletChainType } from '../../schema.js'
import type { CallInput, CallOutput } from '../frameApi.js'

/** What a frame handler answers an event with; it throws FrameFailure for the spec's error types. */
export type FrameHandler = (data: unknown) => Promise<unknown>

/**
 * A wallet the frame kernel unlocked for one request: which wallet it is. Its secret stays in the kernel; a frame half
 * gets keys derived from it through the kernel's key API, each for one purpose.
 */
export interface FrameWallet {
  readonly address: string
  readonly chainType: WalletChainType
  /** The wallet's index on its root (0 for an imported wallet). */
  readonly walletIndex: number
}

/**
 * What the wallet frame's kernel gives a plugin's frame half: the wallet (unlocked with the device share and the
 * server's auth share, inside the session's MFA window), keys derived from it for one purpose, and the API the frame
 * is configured with (never a URL the host page names). Nothing here hands out the wallet's root secret.
 */
export interface FrameKernel {
  /** The app this frame serves. */
  readonly appId: string
  /** Unlocks the wallet at `address` for the session of `accessToken` (refused: FrameFailure). */
  wallet(address: unknown, accessToken: unknown): Promise<FrameWallet>
  /**
   * A 32-byte key of `wallet` for one purpose: HKDF-SHA256 over the wallet's BIP-39 seed (HD wallets; the same key
   * after a recovery on any device) or its private key (imported wallets), with the purpose's `salt` and `info`. Keys of
   * different purposes are independent of each other and of every BIP-32/SLIP-0010 key of the same seed.
   */
  deriveKey(wallet: FrameWallet, purpose: { salt: string; info: string }): Uint8Array
  /**
   * An Ethereum wallet's secp256k1 signature of a 32-byte `digest` (r ‖ s ‖ v, v = 27 + recovery id, low s,
   * deterministic): what a half signs a message, typed data or a transaction with, once it has hashed it. The key
   * stays in the kernel. Refused for a Solana wallet.
   */
  ethereumSign(wallet: FrameWallet, digest: Uint8Array): `0x${string}`
  /** A Solana wallet's own ed25519 key pair (64-byte secret key): the caller zeroes `secretKey` when done. */
  solanaKeypair(wallet: FrameWallet): { address: string; secretKey: Uint8Array }
  /**
   * POSTs `input` to one of the API's routes with the user's token and this device's proof, as the custody calls go;
   * a refusal becomes a FrameFailure with the server's message. Answers the route's output, validated.
   */
  call<C extends ApiCallDef>(call: C, input: CallInput<C>, accessToken: unknown): Promise<CallOutput<C>>
}

/**
 * A plugin's frame half (`plugins/<id>/frame.ts`, its default export): handlers for the plugin's own frame events. The
 * frame loads it only when one of those events arrives, and calls `handlers` once with the kernel.
 */
export interface FrameHalf {
  handlers(kernel: FrameKernel): Record<string, FrameHandler>
}

/** An event's data as fields (anything else, e.g. a bare string or null, as none): a handler checks each one it reads. */
export function frameData(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
}

/** Declares a frame half (types only: the frame kernel calls `handlers`). */
export function defineFrameHalf(half: FrameHalf): FrameHalf {
  return half
}
