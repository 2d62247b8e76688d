import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { RecoveryOAuthAuthenticateInputSchema, RecoveryOAuthAuthenticateOutputSchema, RecoveryOAuthInitInputSchema, RecoveryOAuthUrlOutputSchema } from './schema.js'

/**
 * Google Drive recovery's login (spec: Recovery OAuth). Only the wallet frame's recovery page calls it (from its own
 * origin, with the user's access token): the Drive access token it answers stays in the frame.
 */
export const googleDriveRecoveryApi = defineApi('/api/v1/recovery/oauth', {
  /** The Google authorize URL (drive.appdata scope, PKCE S256) for the frame's popup. */
  init: { input: RecoveryOAuthInitInputSchema, output: RecoveryOAuthUrlOutputSchema },
  /** Exchanges the popup's code (state checked, single use, the caller's own) for a Drive access token. */
  authenticate: { input: RecoveryOAuthAuthenticateInputSchema, output: RecoveryOAuthAuthenticateOutputSchema },
})

/** API paths of the Google Drive recovery login. */
export const googleDriveRecoveryPaths = apiPaths(googleDriveRecoveryApi)
