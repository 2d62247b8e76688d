/** Delegated actions' frame event (its frame half, frame.ts): seal one Solana wallet's key to the server's delegation key and post it. */
export const delegatedActionsFrameEvents = {
  consent: 'foyer:delegated-actions:consent',
} as const
