import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { MfaCancelInputSchema, MfaInitInputSchema, MfaInitOutputSchema, MfaVerifyInputSchema, MfaVerifyOutputSchema } from '../../core/protocol/index.js'

/** The kernel server's verification calls (core/server/routes/mfaRoutes.ts), for every method. Never retried: each counts. */
export const mfaApi = defineApi('/api/v1/mfa', {
  init: { input: MfaInitInputSchema, output: MfaInitOutputSchema, retry: false },
  verify: { input: MfaVerifyInputSchema, output: MfaVerifyOutputSchema, retry: false },
  cancel: { input: MfaCancelInputSchema, retry: false },
})

/** API paths of the MFA calls. */
export const mfaApiPaths = apiPaths(mfaApi)
