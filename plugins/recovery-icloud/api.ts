import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { RecoveryOAuthInitIcloudInputSchema, RecoveryOAuthUrlOutputSchema } from './schema.js'

/** iCloud recovery's login (spec: Recovery OAuth): only the wallet frame's recovery page calls it. */
export const icloudRecoveryApi = defineApi('/api/v1/recovery/oauth', {
  /** The CloudKit sign-in URL (from the 421 of an unauthenticated users/caller). */
  initIcloud: { path: 'init_icloud', input: RecoveryOAuthInitIcloudInputSchema, output: RecoveryOAuthUrlOutputSchema },
})

/** API paths of the iCloud recovery login. */
export const icloudRecoveryPaths = apiPaths(icloudRecoveryApi)
