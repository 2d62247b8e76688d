import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { farcasterSignerState, type FarcasterSignerPluginOptions } from './farcasterSignerState.js'
import { farcasterSignerMessages } from './farcasterSignerMessages.js'

/** The plugin's English: the spec's texts and ours where it is silent. */
export const farcasterSignerTexts = {
  'farcasterSigner.title': 'Awaiting Farcaster signer',
  'farcasterSigner.subtitle': 'Approve the request in Warpcast so this app can post to Farcaster for you. Scan the QR code with your phone, or open Warpcast on this device.',
  'farcasterSigner.waiting': 'Waiting for your approval in Warpcast…',
  'farcasterSigner.open': 'Open Warpcast',
  'farcasterSigner.qrLabel': 'QR code to approve the Farcaster signer in Warpcast',
  'farcasterSigner.retry': 'Try again',
  'farcasterSigner.close': 'Close',
} as const

// The operations load with the first use: the host's first load carries only this file's constants.
const ops = () => import('./farcasterSignerActions.js')

/**
 * Farcaster signers: `plugins={[farcaster(), embeddedWallet(), farcasterSigner()]}`. For a user with an embedded
 * Ethereum wallet and a Farcaster account, `useFarcasterSigner()` asks Warpcast for a signer whose ed25519 key the
 * wallet frame makes and keeps, and signs Farcaster message hashes with it. Server half: `farcasterSignerServer()`.
 */
export function farcasterSigner(options: FarcasterSignerPluginOptions = {}) {
  return definePlugin({
    id: 'farcaster-signer',
    kind: 'feature',
    api: () => import('./api.js').then((m) => m.farcasterSignerApi),
    state: () => farcasterSignerState(options),
    screens: { awaiting: { load: () => import('./screens/AwaitingFarcasterSignerScreen.js'), title: 'farcasterSigner.title' } },
    actions: (foyer: Foyer) => ({
      requestFarcasterSignerFromWarpcast: async () => (await ops()).requestFarcasterSignerFromWarpcast(foyer),
      getFarcasterSignerPublicKey: async () => (await ops()).getFarcasterSignerPublicKey(foyer),
      signFarcasterMessage: async (hash: Uint8Array) => (await ops()).signFarcasterMessage(foyer, hash),
    }),
    intents: { 'farcaster-signer': { code: 'EXITED_FARCASTER_SIGNER_FLOW', text: farcasterSignerMessages.exited } },
    errors: {
      NO_EMBEDDED_WALLET: farcasterSignerMessages.noEmbeddedWallet,
      NO_FARCASTER_ACCOUNT: farcasterSignerMessages.noFarcasterAccount,
      FARCASTER_SIGNER_NOT_CONFIGURED: farcasterSignerMessages.notConfigured,
      FARCASTER_SIGNER_API_FAILED: farcasterSignerMessages.apiFailed,
      FARCASTER_SIGNER_FID_MISMATCH: farcasterSignerMessages.fidMismatch,
    },
    texts: { ...farcasterSignerTexts, ...options.texts },
  })
}

export { useFarcasterSigner, type UseFarcasterSignerReturnType } from './useFarcasterSigner.js'
export type { FarcasterSignerPluginOptions } from './farcasterSignerState.js'

// The functions hosts get on useFoyer() with this plugin.
export * from './farcasterSignerApiExports.js'

declare module 'foyer' {
  interface FoyerActions {
    /** Asks Warpcast for a Farcaster signer ('Awaiting Farcaster signer' until approved); answers its public key. */
    requestFarcasterSignerFromWarpcast(): Promise<{ publicKey: `0x${string}` }>
    /** The approved Farcaster signer's ed25519 public key (32 bytes). */
    getFarcasterSignerPublicKey(): Promise<Uint8Array>
    /** Signs a Farcaster message hash with the signer, in the wallet frame: the 64-byte ed25519 signature. */
    signFarcasterMessage(hash: Uint8Array): Promise<Uint8Array>
  }
}
