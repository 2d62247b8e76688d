/** The spec's texts (§8 'Delegation and Farcaster signer') and ours where it is silent. */
export const farcasterSignerMessages = {
  noEmbeddedWallet: 'Must have an embedded wallet to use Farcaster signers',
  noFarcasterAccount: 'Must have Farcaster account to use Farcaster signers',
  notConfigured: 'Farcaster signers are not configured on this server',
  apiFailed: 'Could not reach Farcaster. Try again.',
  fidMismatch: 'The signer was approved by another Farcaster account',
  noSigner: 'No approved Farcaster signer. Request one first.',
  unknownSigner: 'No Farcaster signer request for this key',
  revoked: 'The Farcaster signer request was declined or revoked.',
  timeout: 'The request timed out. Try again.',
  exited: 'User exited the Farcaster signer flow',
} as const
