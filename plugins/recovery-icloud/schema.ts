import * as v from 'valibot'

// The iCloud recovery login's wire (spec: Recovery OAuth): the wallet frame's recovery page and the server half.

/** POST /api/v1/recovery/oauth/init_icloud. */
export const RecoveryOAuthInitIcloudInputSchema = v.object({ client_type: v.literal('web', "client_type must be 'web'") })
/** Answer of init_icloud: where the popup goes (CloudKit's sign-in page). */
export const RecoveryOAuthUrlOutputSchema = v.object({ url: v.string() })
