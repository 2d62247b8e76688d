import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import {
  AuthenticateInitOutputSchema,
  AuthenticateInputSchema,
  InitInputSchema,
  LinkInitInputSchema,
  RegistrationInitOutputSchema,
  RegistrationInputSchema,
  UnlinkInputSchema,
} from './schema.js'

/**
 * API paths of the passkey plugin. authenticate, link and unlink are the spec's; register/init and
 * register (signup with a new passkey, no session needed) are ours, shaped like link.
 */
export const passkeyPaths = {
  authenticateInit: '/api/v1/passkeys/authenticate/init',
  authenticate: '/api/v1/passkeys/authenticate',
  registerInit: '/api/v1/passkeys/register/init',
  register: '/api/v1/passkeys/register',
  linkInit: '/api/v1/passkeys/link/init',
  link: '/api/v1/passkeys/link',
  unlink: '/api/v1/passkeys/unlink',
} as const

/** The passkey plugin's calls, shared by its screens and its headless hooks. */
export const passkeyApi = {
  authenticateInit: { path: passkeyPaths.authenticateInit, input: InitInputSchema, output: AuthenticateInitOutputSchema, captcha: 'token' },
  authenticate: { path: passkeyPaths.authenticate, input: AuthenticateInputSchema, output: TokenResponseSchema },
  registerInit: { path: passkeyPaths.registerInit, input: InitInputSchema, output: RegistrationInitOutputSchema, captcha: 'token' },
  register: { path: passkeyPaths.register, input: RegistrationInputSchema, output: TokenResponseSchema },
  linkInit: { path: passkeyPaths.linkInit, input: LinkInitInputSchema, output: RegistrationInitOutputSchema },
  link: { path: passkeyPaths.link, input: RegistrationInputSchema, output: UserSchema },
  unlink: { path: passkeyPaths.unlink, input: UnlinkInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
