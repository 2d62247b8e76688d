import { apiPaths, defineApi } from '../../../core/client/defineApi.js'
import {
  RecoveryOAuthAuthenticateInputSchema,
  RecoveryOAuthAuthenticateOutputSchema,
  RecoveryOAuthInitIcloudInputSchema,
  RecoveryOAuthInitInputSchema,
  RecoveryOAuthUrlOutputSchema,
} from '../schema.js'

/**
 * The cloud recovery logins (spec: Recovery OAuth). Only the wallet frame's recovery page calls them (from its own
 * origin, with the user's access token): the Drive access token they answer stays in the frame.
 */
export const recoveryOAuthApi = defineApi('/api/v1/recovery/oauth', {
  /** The Google authorize URL (drive.appdata scope, PKCE S256) for the frame's popup. */
  init: { input: RecoveryOAuthInitInputSchema, output: RecoveryOAuthUrlOutputSchema },
  /** Exchanges the popup's code (state checked, single use, the caller's own) for a Drive access token. */
  authenticate: { input: RecoveryOAuthAuthenticateInputSchema, output: RecoveryOAuthAuthenticateOutputSchema },
  /** The CloudKit sign-in URL (from the 421 of an unauthenticated users/caller). */
  initIcloud: { path: 'init_icloud', input: RecoveryOAuthInitIcloudInputSchema, output: RecoveryOAuthUrlOutputSchema },
})

/** API paths of the recovery logins. */
export const recoveryOAuthPaths = apiPaths(recoveryOAuthApi)

/** The page on the wallet origin Google redirects the popup to; it posts PRIVY_OAUTH_RESPONSE to the frame. */
export const RECOVERY_OAUTH_CALLBACK_PATH = '/recovery/oauth/callback'
