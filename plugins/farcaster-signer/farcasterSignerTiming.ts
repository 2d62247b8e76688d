/** Status poll interval (the spec's "polls every 2 s"). */
export const FARCASTER_SIGNER_POLL_MS = 2_000

/** How long 'Awaiting Farcaster signer' waits for the approval (the spec's 300 s). */
export const FARCASTER_SIGNER_TIMEOUT_MS = 300_000
