import { UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { MfaPasskeyEnrollInputSchema, MfaPasskeyInitInputSchema, MfaPasskeyInitOutputSchema } from './schema.js'

/**
 * The passkey method's calls: the spec's verification start (the same as the MFA hub's /api/v1/mfa/init {method:
 * 'passkey'}) and the enrollment (an empty list unenrolls). Never retried: init starts a counted challenge.
 */
export const mfaPasskeyApi = defineApi('/api/v1/mfa/passkeys', {
  init: { input: MfaPasskeyInitInputSchema, output: MfaPasskeyInitOutputSchema, retry: false },
  enroll: { input: MfaPasskeyEnrollInputSchema, output: UserSchema, retry: false },
})

/** API paths of the passkey MFA plugin. */
export const mfaPasskeyPaths = apiPaths(mfaPasskeyApi)
