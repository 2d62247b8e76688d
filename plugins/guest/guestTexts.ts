/** The guest plugin's English texts (spec §8). */
export const guestTexts = {
  alreadyAuthenticated: 'User cannot already be authenticated to create a guest account',
  failed: 'Unable to authenticate guest account',
  continueAsGuest: 'Continue as guest',
} as const
