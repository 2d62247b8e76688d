import * as v from 'valibot'

// The WebAuthn credentials on the wire (the spec's snake_case), shared by the passkey login plugin, the passkey MFA
// method and the wallet frame, on the client and on the server (the passkey plugin re-exports them).

/** Passkeys one user may link (spec §9). */
export const MAX_PASSKEYS_PER_USER = 5

/** base64url text of at most `max` characters (WebAuthn binary fields on the wire). */
const b64url = (max: number) => v.pipe(v.string(), v.nonEmpty(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url'))

/** A credential id: at most 1023 bytes (WebAuthn §5.8.3), i.e. 1364 base64url characters. */
export const CredentialIdSchema = b64url(1364)
/** A challenge as the client echoes it. */
export const ChallengeSchema = b64url(256)
/** A relying party id: the host name of the app's origin. */
export const RelyingPartySchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(253), v.regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i, 'Must be a host name'))

const Transport = v.pipe(v.string(), v.maxLength(32), v.regex(/^[a-z-]+$/))
const Transports = v.pipe(v.array(Transport), v.maxLength(10))
const Attachment = v.optional(v.nullable(v.picklist(['platform', 'cross-platform'])))
const UserVerification = v.picklist(['required', 'preferred', 'discouraged'])
const ClientExtensionResults = v.optional(
  v.object({
    cred_props: v.optional(v.object({ rk: v.optional(v.boolean()) })),
    hmac_create_secret: v.optional(v.boolean()),
    app_id: v.optional(v.boolean()),
  }),
  {},
)

/** A credential descriptor (allow_credentials / exclude_credentials). */
export const CredentialDescriptorSchema = v.object({ id: CredentialIdSchema, type: v.literal('public-key'), transports: v.optional(Transports) })

/** Passkey challenge options for a login (spec §3): challenge, allow_credentials, timeout, extensions, user_verification. */
export const AuthenticationOptionsSchema = v.object({
  challenge: ChallengeSchema,
  allow_credentials: v.array(CredentialDescriptorSchema),
  timeout: v.optional(v.number()),
  extensions: v.optional(v.object({ app_id: v.optional(v.string()), cred_props: v.optional(v.boolean()), hmac_create_secret: v.optional(v.boolean()) })),
  user_verification: v.optional(UserVerification),
})
export type AuthenticationOptions = v.InferOutput<typeof AuthenticationOptionsSchema>

/** Options to create a passkey (signup and link), the creation counterpart in the same snake_case style. */
export const RegistrationOptionsSchema = v.object({
  rp: v.object({ id: v.string(), name: v.string() }),
  user: v.object({ id: b64url(128), name: v.string(), display_name: v.string() }),
  challenge: ChallengeSchema,
  pub_key_cred_params: v.array(v.object({ type: v.literal('public-key'), alg: v.number() })),
  timeout: v.optional(v.number()),
  exclude_credentials: v.array(CredentialDescriptorSchema),
  authenticator_selection: v.optional(
    v.object({
      authenticator_attachment: v.optional(v.picklist(['platform', 'cross-platform'])),
      resident_key: v.optional(v.picklist(['discouraged', 'preferred', 'required'])),
      require_resident_key: v.optional(v.boolean()),
      user_verification: v.optional(UserVerification),
    }),
  ),
  attestation: v.optional(v.picklist(['none', 'indirect', 'direct', 'enterprise'])),
  extensions: v.optional(v.object({ cred_props: v.optional(v.boolean()), hmac_create_secret: v.optional(v.boolean()) })),
})
export type RegistrationOptions = v.InferOutput<typeof RegistrationOptionsSchema>

/** What `navigator.credentials.get` produced, snake_case. */
export const AuthenticationResponseSchema = v.object({
  id: CredentialIdSchema,
  raw_id: CredentialIdSchema,
  type: v.literal('public-key'),
  authenticator_attachment: Attachment,
  client_extension_results: ClientExtensionResults,
  response: v.object({
    client_data_json: b64url(4096),
    authenticator_data: b64url(4096),
    signature: b64url(2048),
    user_handle: v.optional(v.nullable(b64url(128))),
  }),
})
export type AuthenticationResponse = v.InferOutput<typeof AuthenticationResponseSchema>

/** What `navigator.credentials.create` produced, snake_case. */
export const RegistrationResponseSchema = v.object({
  id: CredentialIdSchema,
  raw_id: CredentialIdSchema,
  type: v.literal('public-key'),
  authenticator_attachment: Attachment,
  client_extension_results: ClientExtensionResults,
  response: v.object({
    client_data_json: b64url(4096),
    // Attestation statements with certificate chains can be several kilobytes.
    attestation_object: b64url(32768),
    authenticator_data: v.optional(b64url(8192)),
    transports: v.optional(Transports),
    public_key_algorithm: v.optional(v.number()),
    public_key: v.optional(b64url(4096)),
  }),
})
export type RegistrationResponse = v.InferOutput<typeof RegistrationResponseSchema>
