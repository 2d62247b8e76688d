import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import {
  AuthenticateInitOutputSchema,
  AuthenticateInputSchema,
  InitInputSchema,
  LinkInitInputSchema,
  RegistrationInitOutputSchema,
  RegistrationInputSchema,
  UnlinkInputSchema,
} from './schema.js'

/** The passkey plugin's calls, shared by its screens and its headless hooks. */
export const passkeyApi = defineApi('/api/v1/passkeys', {
  authenticateInit: { path: 'authenticate/init', input: InitInputSchema, output: AuthenticateInitOutputSchema, captcha: 'token' },
  authenticate: { input: AuthenticateInputSchema, output: TokenResponseSchema },
  registerInit: { path: 'register/init', input: InitInputSchema, output: RegistrationInitOutputSchema, captcha: 'token' },
  register: { input: RegistrationInputSchema, output: TokenResponseSchema },
  linkInit: { path: 'link/init', input: LinkInitInputSchema, output: RegistrationInitOutputSchema },
  link: { input: RegistrationInputSchema, output: UserSchema },
  unlink: { input: UnlinkInputSchema, output: UserSchema },
})

/**
 * API paths of the passkey plugin. authenticate, link and unlink are the spec's; register/init and
 * register (signup with a new passkey, no session needed) are ours, shaped like link.
 */
export const passkeyPaths = apiPaths(passkeyApi)
