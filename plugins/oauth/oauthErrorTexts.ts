import type { OAuthErrorCode } from './schema.js'

/**
 * The OAuth server's codes → the kernel error screen's text (registry.errors). That screen has no provider name
 * to fill in, so the spec's '{provider}' texts (§8 OAuth) appear here without it; the status screen keeps them.
 */
export const oauthServerErrorTexts: Record<Uppercase<OAuthErrorCode>, string> = {
  // Set-up faults or a tampered return the user can't fix: the spec's 'unexpected' text.
  INVALID_REDIRECT_TO: 'oauth.error.unexpected',
  INVALID_STATE: 'oauth.error.unexpected',
  INVALID_CODE_VERIFIER: 'oauth.error.unexpected',
  INVALID_ID_TOKEN: 'oauth.error.unexpected',
  OAUTH_PROVIDER_ERROR: 'oauth.error.unexpected',
  OAUTH_FLOW_EXPIRED: 'The login took too long. Please try again.',
  OAUTH_USER_DENIED: 'Retry and check your account to finish connecting it.',
  OAUTH_ACCOUNT_SUSPENDED: 'Your account is suspended. Please try another login method.',
}
