import * as v from 'valibot'
import { AuthenticationOptionsSchema, AuthenticationResponseSchema, CredentialIdSchema, MAX_PASSKEYS_PER_USER, RelyingPartySchema } from '../../core/protocol/webauthn.js'

/**
 * §3 Passkey MFA response: what `navigator.credentials.get` produced, snake_case (id, raw_id, response {client_data_json,
 * authenticator_data, signature, user_handle}, authenticator_attachment, client_extension_results, type). Never a
 * string (§5): a string answer is a 400 that counts no attempt.
 */
export const MfaPasskeyResponseSchema = AuthenticationResponseSchema
export type MfaPasskeyResponse = v.InferOutput<typeof MfaPasskeyResponseSchema>

/** The request options of a verification: the login's options plus the relying party, allow_credentials = the MFA passkeys. */
export const MfaPasskeyOptionsSchema = v.object({ ...AuthenticationOptionsSchema.entries, rp_id: RelyingPartySchema })
export type MfaPasskeyOptions = v.InferOutput<typeof MfaPasskeyOptionsSchema>

/** POST /api/v1/mfa/passkeys/init (§7) and core's /api/v1/mfa/init {method: 'passkey'} answer the options. */
export const MfaPasskeyInitInputSchema = v.strictObject({})
export const MfaPasskeyInitOutputSchema = v.looseObject({ options: MfaPasskeyOptionsSchema })

/**
 * POST /api/v1/mfa/passkeys/enroll: the user's passkeys that verify (the enrolled set becomes exactly these); an empty
 * list unenrolls them all (§7 'Passkey unenroll submits an empty credentialIds list').
 */
export const MfaPasskeyEnrollInputSchema = v.strictObject({
  credentialIds: v.pipe(v.array(CredentialIdSchema), v.maxLength(MAX_PASSKEYS_PER_USER)),
})

/** Codes the plugin's routes answer that core doesn't declare. */
export const mfaPasskeyErrorCodes = [
  'mfa_passkey_not_found', // 400: a credential id that isn't one of the user's passkeys; nothing changes
] as const

/** Server messages. */
export const mfaPasskeyServerTexts = {
  notEnabled: 'Passkey verification is not enabled for this app',
  notFound: 'Not a passkey of this account',
  notEnrolled: 'MFA method not enrolled',
} as const
