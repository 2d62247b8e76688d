/** Texts of the custom-JWT flow. */
export const customJwtTexts = {
  invalidToken: 'Invalid custom auth token',
  failed: 'Unable to authenticate with custom auth token',
} as const
