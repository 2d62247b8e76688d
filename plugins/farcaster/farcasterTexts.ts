/** The spec's Farcaster error texts (§8) and rules (§5). */
export const farcasterTexts = {
  authFailed: 'Authentication failed',
  invalidCredentials: 'Something went wrong. Try again.',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  linkedToAnother: 'This account has already been linked to another user.',
  timeout: 'The request timed out. Try again.',
  notInitialised: 'The Farcaster flow must be initialised first',
} as const
