import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import type { AuthenticationOptions, AuthenticationResponse, RegistrationOptions, RegistrationResponse } from './webauthn.js'

// The wire speaks the spec's snake_case (allow_credentials, user_verification, ...); @simplewebauthn
// speaks WebAuthn's camelCase JSON. These pure mappings are the only place the two meet.

type Descriptor = { id: string; type: 'public-key'; transports?: string[] }
const descriptors = (list: Descriptor[] | undefined) =>
  (list ?? []).map((d) => ({ id: d.id, type: 'public-key' as const, ...(d.transports ? { transports: d.transports } : {}) }))
const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as T

/** Server: @simplewebauthn's request options → the spec's passkey challenge options. */
export function requestOptionsToWire(o: PublicKeyCredentialRequestOptionsJSON): AuthenticationOptions {
  const ext = o.extensions as { appid?: string; credProps?: boolean; hmacCreateSecret?: boolean } | undefined
  return defined({
    challenge: o.challenge,
    allow_credentials: descriptors(o.allowCredentials as Descriptor[] | undefined),
    timeout: o.timeout,
    extensions: ext ? defined({ app_id: ext.appid, cred_props: ext.credProps, hmac_create_secret: ext.hmacCreateSecret }) : undefined,
    user_verification: o.userVerification,
  })
}

/** Client: the spec's passkey challenge options → what startAuthentication takes. */
export function requestOptionsFromWire(relyingParty: string, o: AuthenticationOptions): PublicKeyCredentialRequestOptionsJSON {
  const ext = o.extensions
  return defined({
    challenge: o.challenge,
    rpId: relyingParty,
    allowCredentials: descriptors(o.allow_credentials) as PublicKeyCredentialRequestOptionsJSON['allowCredentials'],
    timeout: o.timeout,
    userVerification: o.user_verification,
    extensions: ext ? (defined({ appid: ext.app_id, credProps: ext.cred_props, hmacCreateSecret: ext.hmac_create_secret }) as never) : undefined,
  })
}

/** Server: @simplewebauthn's creation options → snake_case. */
export function creationOptionsToWire(o: PublicKeyCredentialCreationOptionsJSON): RegistrationOptions {
  const sel = o.authenticatorSelection
  const ext = o.extensions as { credProps?: boolean; hmacCreateSecret?: boolean } | undefined
  return defined({
    rp: { id: o.rp.id ?? '', name: o.rp.name },
    user: { id: o.user.id, name: o.user.name, display_name: o.user.displayName },
    challenge: o.challenge,
    pub_key_cred_params: o.pubKeyCredParams.map((p) => ({ type: 'public-key' as const, alg: p.alg })),
    timeout: o.timeout,
    exclude_credentials: descriptors(o.excludeCredentials as Descriptor[] | undefined),
    authenticator_selection: sel
      ? defined({
          authenticator_attachment: sel.authenticatorAttachment,
          resident_key: sel.residentKey,
          require_resident_key: sel.requireResidentKey,
          user_verification: sel.userVerification,
        })
      : undefined,
    attestation: o.attestation as RegistrationOptions['attestation'],
    extensions: ext ? defined({ cred_props: ext.credProps, hmac_create_secret: ext.hmacCreateSecret }) : undefined,
  })
}

/** Client: snake_case creation options → what startRegistration takes. */
export function creationOptionsFromWire(o: RegistrationOptions): PublicKeyCredentialCreationOptionsJSON {
  const sel = o.authenticator_selection
  return defined({
    rp: o.rp,
    user: { id: o.user.id, name: o.user.name, displayName: o.user.display_name },
    challenge: o.challenge,
    pubKeyCredParams: o.pub_key_cred_params,
    timeout: o.timeout,
    excludeCredentials: descriptors(o.exclude_credentials) as PublicKeyCredentialCreationOptionsJSON['excludeCredentials'],
    authenticatorSelection: sel
      ? defined({
          authenticatorAttachment: sel.authenticator_attachment,
          residentKey: sel.resident_key,
          requireResidentKey: sel.require_resident_key,
          userVerification: sel.user_verification,
        })
      : undefined,
    attestation: o.attestation,
    extensions: o.extensions ? (defined({ credProps: o.extensions.cred_props, hmacCreateSecret: o.extensions.hmac_create_secret }) as never) : undefined,
  })
}

const extensionResultsToWire = (r: Record<string, unknown> | undefined) => {
  const x = (r ?? {}) as { credProps?: { rk?: boolean }; hmacCreateSecret?: boolean; appid?: boolean }
  return defined({
    cred_props: x.credProps ? defined({ rk: x.credProps.rk }) : undefined,
    hmac_create_secret: x.hmacCreateSecret,
    app_id: x.appid,
  })
}
const extensionResultsFromWire = (r: AuthenticationResponse['client_extension_results']) =>
  defined({ credProps: r?.cred_props, hmacCreateSecret: r?.hmac_create_secret, appid: r?.app_id }) as AuthenticationResponseJSON['clientExtensionResults']

/** Client: startAuthentication's result → snake_case. */
export function authenticationResponseToWire(r: AuthenticationResponseJSON): AuthenticationResponse {
  return {
    id: r.id,
    raw_id: r.rawId,
    type: 'public-key',
    authenticator_attachment: (r.authenticatorAttachment as AuthenticationResponse['authenticator_attachment']) ?? null,
    client_extension_results: extensionResultsToWire(r.clientExtensionResults as Record<string, unknown>),
    response: defined({
      client_data_json: r.response.clientDataJSON,
      authenticator_data: r.response.authenticatorData,
      signature: r.response.signature,
      user_handle: r.response.userHandle ?? null,
    }),
  }
}

/** Server: snake_case → what verifyAuthenticationResponse takes. */
export function authenticationResponseFromWire(r: AuthenticationResponse): AuthenticationResponseJSON {
  return {
    id: r.id,
    rawId: r.raw_id,
    type: 'public-key',
    ...(r.authenticator_attachment ? { authenticatorAttachment: r.authenticator_attachment } : {}),
    clientExtensionResults: extensionResultsFromWire(r.client_extension_results),
    response: defined({
      clientDataJSON: r.response.client_data_json,
      authenticatorData: r.response.authenticator_data,
      signature: r.response.signature,
      userHandle: r.response.user_handle ?? undefined,
    }),
  }
}

/** Client: startRegistration's result → snake_case. */
export function registrationResponseToWire(r: RegistrationResponseJSON): RegistrationResponse {
  return {
    id: r.id,
    raw_id: r.rawId,
    type: 'public-key',
    authenticator_attachment: (r.authenticatorAttachment as RegistrationResponse['authenticator_attachment']) ?? null,
    client_extension_results: extensionResultsToWire(r.clientExtensionResults as Record<string, unknown>),
    response: defined({
      client_data_json: r.response.clientDataJSON,
      attestation_object: r.response.attestationObject,
      authenticator_data: r.response.authenticatorData,
      transports: r.response.transports,
      public_key_algorithm: r.response.publicKeyAlgorithm,
      public_key: r.response.publicKey,
    }),
  }
}

/** Server: snake_case → what verifyRegistrationResponse takes. */
export function registrationResponseFromWire(r: RegistrationResponse): RegistrationResponseJSON {
  return {
    id: r.id,
    rawId: r.raw_id,
    type: 'public-key',
    ...(r.authenticator_attachment ? { authenticatorAttachment: r.authenticator_attachment } : {}),
    clientExtensionResults: extensionResultsFromWire(r.client_extension_results),
    response: defined({
      clientDataJSON: r.response.client_data_json,
      attestationObject: r.response.attestation_object,
      authenticatorData: r.response.authenticator_data,
      transports: r.response.transports as RegistrationResponseJSON['response']['transports'],
      publicKeyAlgorithm: r.response.public_key_algorithm,
      publicKey: r.response.public_key,
    }),
  }
}
