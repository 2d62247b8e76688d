/**
 * Passkey MFA's frame event (its frame half, frame.ts): the whole verification in the wallet frame's origin; data
 * `{accessToken, method: 'passkey'}`, answer `{verified: true}` or a typed error. The host's iframe delegates
 * `publickey-credentials-get` to the frame.
 */
export const mfaPasskeyFrameEvents = {
  verify: 'foyer:mfa:verify',
} as const
