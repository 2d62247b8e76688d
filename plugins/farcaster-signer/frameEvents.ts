/** The Farcaster signer's frame events (its frame half, frame.ts): the wallet's signer public key; a hash signed for a fid. */
export const farcasterSignerFrameEvents = {
  initSigner: 'foyer:farcaster:init-signer',
  sign: 'foyer:farcaster:sign',
} as const
