import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AuthenticateInputSchema, RegistrationInputSchema, RelyingPartySchema, UnlinkInputSchema } from './schema.js'
import {
  authenticationResponseFromWire,
  authenticationResponseToWire,
  creationOptionsFromWire,
  creationOptionsToWire,
  registrationResponseFromWire,
  registrationResponseToWire,
  requestOptionsFromWire,
  requestOptionsToWire,
} from '../../core/protocol/webauthnWire.js'

const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  authenticatorAttachment: 'platform' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC', userHandle: 'dXNlcg' },
}
const attestation = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  authenticatorAttachment: 'cross-platform' as const,
  clientExtensionResults: { credProps: { rk: true } },
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['usb', 'nfc'] as AuthenticatorTransport[], publicKeyAlgorithm: -7 },
}

describe('wire mapping between the spec snake_case and WebAuthn JSON', () => {
  it('request options: the spec fields (challenge, allow_credentials, timeout, extensions, user_verification)', () => {
    const wire = requestOptionsToWire({
      challenge: 'Y2hhbGxlbmdl',
      rpId: 'localhost',
      allowCredentials: [{ id: 'Y3JlZA', type: 'public-key', transports: ['internal'] }],
      timeout: 60000,
      userVerification: 'required',
      extensions: { appid: 'https://a.example', credProps: true } as AuthenticationExtensionsClientInputs,
    })
    expect(wire).toEqual({
      challenge: 'Y2hhbGxlbmdl',
      allow_credentials: [{ id: 'Y3JlZA', type: 'public-key', transports: ['internal'] }],
      timeout: 60000,
      user_verification: 'required',
      extensions: { app_id: 'https://a.example', cred_props: true },
    })
    const back = requestOptionsFromWire('localhost', wire)
    expect(back).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [{ id: 'Y3JlZA' }], extensions: { appid: 'https://a.example', credProps: true } })
  })

  it('creation options round-trip', () => {
    const json = {
      rp: { id: 'localhost', name: 'App' },
      user: { id: 'dXNlcg', name: 'a@b.c', displayName: 'a@b.c' },
      challenge: 'Y2g',
      pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }],
      timeout: 60000,
      excludeCredentials: [{ id: 'Y3JlZA', type: 'public-key' as const }],
      authenticatorSelection: { residentKey: 'required' as const, requireResidentKey: true, userVerification: 'required' as const },
      attestation: 'none' as const,
      extensions: { credProps: true },
    }
    const wire = creationOptionsToWire(json)
    expect(wire.user.display_name).toBe('a@b.c')
    expect(wire.authenticator_selection).toEqual({ resident_key: 'required', require_resident_key: true, user_verification: 'required' })
    expect(creationOptionsFromWire(wire)).toEqual(json)
  })

  it('responses round-trip and validate against the route schemas', () => {
    const a = authenticationResponseToWire(assertion)
    expect(a.response.user_handle).toBe('dXNlcg')
    expect(authenticationResponseFromWire(a)).toEqual(assertion)
    expect(v.safeParse(AuthenticateInputSchema, { relying_party: 'localhost', challenge: 'Y2g', authenticator_response: a }).success).toBe(true)

    const r = registrationResponseToWire(attestation)
    expect(r.client_extension_results).toEqual({ cred_props: { rk: true } })
    expect(registrationResponseFromWire(r)).toEqual(attestation)
    expect(v.safeParse(RegistrationInputSchema, { relying_party: 'localhost', authenticator_response: r }).success).toBe(true)
  })
})

describe('validators', () => {
  it('relying_party is a host name', () => {
    expect(v.safeParse(RelyingPartySchema, 'app.example.com').success).toBe(true)
    expect(v.safeParse(RelyingPartySchema, 'localhost').success).toBe(true)
    expect(v.safeParse(RelyingPartySchema, 'https://app.example.com').success).toBe(false)
    expect(v.safeParse(RelyingPartySchema, '').success).toBe(false)
    expect(v.safeParse(RelyingPartySchema, 'a'.repeat(254)).success).toBe(false)
  })
  it('credential ids are base64url of at most 1023 bytes', () => {
    expect(v.safeParse(UnlinkInputSchema, { credential_id: 'Y3JlZA' }).success).toBe(true)
    expect(v.safeParse(UnlinkInputSchema, { credential_id: 'Y3J+ZA==' }).success).toBe(false)
    expect(v.safeParse(UnlinkInputSchema, { credential_id: 'A'.repeat(1365) }).success).toBe(false)
    expect(v.safeParse(UnlinkInputSchema, {}).success).toBe(false)
  })
  it('an assertion needs its signature, and a type of public-key', () => {
    const a = authenticationResponseToWire(assertion)
    const { signature: _s, ...noSignature } = a.response
    expect(v.safeParse(AuthenticateInputSchema, { relying_party: 'localhost', challenge: 'Y2g', authenticator_response: { ...a, response: noSignature } }).success).toBe(false)
    expect(v.safeParse(AuthenticateInputSchema, { relying_party: 'localhost', challenge: 'Y2g', authenticator_response: { ...a, type: 'other' } }).success).toBe(false)
  })
})
