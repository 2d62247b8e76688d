import * as v from 'valibot'
import { AuthenticationOptionsSchema, AuthenticationResponseSchema, ChallengeSchema, CredentialIdSchema, RegistrationOptionsSchema, RegistrationResponseSchema, RelyingPartySchema } from '../../core/protocol/webauthn.js'
export { passkeyTexts } from './passkeyTexts.js'

/** Passkeys the list shows before 'View all' (spec §9). */
export const PASSKEYS_SHOWN_BY_DEFAULT = 2

// The WebAuthn credential shapes and the per-user limit live in core/protocol/webauthn.ts (the passkey MFA method
// validates the same ones); this plugin's schemas build on them and re-export them.
export {
  MAX_PASSKEYS_PER_USER,
  CredentialIdSchema,
  ChallengeSchema,
  RelyingPartySchema,
  CredentialDescriptorSchema,
  AuthenticationOptionsSchema,
  RegistrationOptionsSchema,
  AuthenticationResponseSchema,
  RegistrationResponseSchema,
  type AuthenticationOptions,
  type RegistrationOptions,
  type AuthenticationResponse,
  type RegistrationResponse,
} from '../../core/protocol/webauthn.js'

const CaptchaToken = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096))))

/** POST /api/v1/passkeys/authenticate/init and /register/init */
export const InitInputSchema = v.object({ token: CaptchaToken })
/** Answer of authenticate/init. */
export const AuthenticateInitOutputSchema = v.object({ relying_party: RelyingPartySchema, options: AuthenticationOptionsSchema })
/** Answer of register/init and link/init. */
export const RegistrationInitOutputSchema = v.object({ relying_party: RelyingPartySchema, options: RegistrationOptionsSchema })
/** POST /api/v1/passkeys/authenticate */
export const AuthenticateInputSchema = v.object({
  relying_party: RelyingPartySchema,
  challenge: ChallengeSchema,
  authenticator_response: AuthenticationResponseSchema,
})
/** POST /api/v1/passkeys/link/init */
export const LinkInitInputSchema = v.object({})
/** POST /api/v1/passkeys/link and /register */
export const RegistrationInputSchema = v.object({ relying_party: RelyingPartySchema, authenticator_response: RegistrationResponseSchema })
/** POST /api/v1/passkeys/unlink */
export const UnlinkInputSchema = v.object({ credential_id: CredentialIdSchema })

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half
 * declares them (ServerPlugin.errorCodes) and the client half maps them to texts.
 */
export const passkeyErrorCodes = [
  'credential_already_registered', // 400: this passkey is already registered
  'passkey_enrolled_in_mfa', // 400: a passkey used for MFA can't be unlinked
] as const
export type PasskeyErrorCode = (typeof passkeyErrorCodes)[number]
