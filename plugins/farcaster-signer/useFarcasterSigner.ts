import { useMemo } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'

/** What `useFarcasterSigner()` answers (Privy's shape). */
export interface UseFarcasterSignerReturnType {
  /** Asks Farcaster for a signer for the user's fid ('Awaiting Farcaster signer' until the user approved in Warpcast). */
  requestFarcasterSignerFromWarpcast(): Promise<{ publicKey: `0x${string}` }>
  /** The approved signer's ed25519 public key (32 bytes). */
  getFarcasterSignerPublicKey(): Promise<Uint8Array>
  /** Signs a Farcaster message hash (20 bytes) with the signer, in the wallet frame: the 64-byte ed25519 signature. */
  signFarcasterMessage(hash: Uint8Array): Promise<Uint8Array>
}

/**
 * Farcaster signers for a user with an embedded wallet and a Farcaster account (`farcasterSigner()` plugin). The
 * functions work with `@farcaster/hub-web`'s ExternalEd25519Signer.
 */
export function useFarcasterSigner(): UseFarcasterSignerReturnType {
  const foyer = useFoyerKernel()
  return useMemo(() => {
    const actions = foyer.actions() as unknown as UseFarcasterSignerReturnType
    return {
      requestFarcasterSignerFromWarpcast: () => actions.requestFarcasterSignerFromWarpcast(),
      getFarcasterSignerPublicKey: () => actions.getFarcasterSignerPublicKey(),
      signFarcasterMessage: (hash: Uint8Array) => actions.signFarcasterMessage(hash),
    }
  }, [foyer])
}
