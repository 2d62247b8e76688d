/** The Telegram plugin's error texts (spec §8). */
export const telegramTexts = {
  linkedToAnother: 'This account has already been linked to another user.',
  notAllowed: 'Login with Telegram not allowed',
  retry: 'Something went wrong. Try again.',
  tooMany: 'Too many requests. Please wait before trying again.',
  rateLimited: 'Request limit reached for Telegram. Please wait a moment and try again.',
  failed: 'Authentication failed',
  canceled: 'Telegram auth failed or was canceled by the client',
  notInitialized: 'Telegram was not initialized',
} as const
