import { UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { MfaSmsEnrollInputSchema, MfaSmsInitInputSchema, MfaSmsInitOutputSchema, MfaSmsUnenrollInputSchema } from './schema.js'

/** The SMS method's enrollment calls (verification goes through the MFA hub's /api/v1/mfa calls). Never retried: each texts or counts. */
export const mfaSmsApi = defineApi('/api/v1/mfa/passwordless_sms', {
  init: { input: MfaSmsInitInputSchema, output: MfaSmsInitOutputSchema, retry: false },
  enroll: { input: MfaSmsEnrollInputSchema, output: UserSchema, retry: false },
  unenroll: { input: MfaSmsUnenrollInputSchema, output: UserSchema, retry: false },
})

/** API paths of the SMS MFA plugin. */
export const mfaSmsPaths = apiPaths(mfaSmsApi)
