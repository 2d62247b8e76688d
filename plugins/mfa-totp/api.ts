import { UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { TotpEnrollInitInputSchema, TotpEnrollInputSchema, TotpEnrollmentInfoSchema, TotpUnenrollInputSchema } from './schema.js'

/** The TOTP method's enrollment calls (verification goes through the MFA hub's /api/v1/mfa calls). */
export const totpApi = defineApi('/api/v1/mfa/totp', {
  enrollInit: { path: 'enroll/init', input: TotpEnrollInitInputSchema, output: TotpEnrollmentInfoSchema, retry: false },
  enroll: { path: 'enroll', input: TotpEnrollInputSchema, output: UserSchema, retry: false },
  unenroll: { input: TotpUnenrollInputSchema, output: UserSchema, retry: false },
})

/** API paths of the TOTP plugin. */
export const totpPaths = apiPaths(totpApi)
