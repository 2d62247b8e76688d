import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server'
import type { ServerContext } from '../../../core/server/index.js'
import type { AuthenticationOptions, AuthenticationResponse, RegistrationOptions, RegistrationResponse } from '../schema.js'
import { authenticationResponseFromWire, creationOptionsToWire, registrationResponseFromWire, requestOptionsToWire } from '../../../core/protocol/webauthnWire.js'
import type { ChallengeRow } from './challengeStore.js'

/** The spec's text for any failed verification: it says nothing more on purpose. */
export const verificationFailed = 'Passkey verification failed'

// EdDSA, ES256, RS256: what platform authenticators and security keys produce.
const ALGORITHMS = [-8, -7, -257]

/** A stored credential as an assertion is verified against. */
export interface StoredCredential {
  public_key: string
  counter: string | number
  transports: string[]
}

/** A verified registration: the new credential and its authenticator's AAGUID. */
export type VerifiedRegistration = Extract<VerifiedRegistrationResponse, { verified: true }>['registrationInfo']

/** The ceremonies createWebauthnCeremonies makes (named, so the emitted .d.ts needs no @simplewebauthn internals). */
export interface WebauthnCeremonies {
  /** Login options: resident keys only, so no allow list and no user name. */
  authenticationOptions(rpId: string, challenge: string): Promise<AuthenticationOptions>
  /** Creation options for a new passkey of `user`, excluding the ones the user already has. */
  registrationOptions(
    rp: { name: string; rpId: string },
    challenge: string,
    user: { handle: string; name: string },
    exclude: { id: string; transports: string[] }[],
  ): Promise<RegistrationOptions>
  /** The challenge inside a registration's clientDataJSON (link and register send no separate one). */
  challengeOf(response: RegistrationResponse): string
  /** Verifies an attestation for the consumed challenge; any failure is a 401 that says nothing more. */
  verifyRegistration(response: RegistrationResponse, challenge: string, row: ChallengeRow): Promise<VerifiedRegistration>
  /** Verifies an assertion against the stored credential; answers the authenticator's new counter. */
  verifyAuthentication(response: AuthenticationResponse, challenge: string, row: ChallengeRow, stored: StoredCredential): Promise<number>
}

const fromBase64Url = (value: string) => new Uint8Array(Buffer.from(value, 'base64url'))

/**
 * The server side of the WebAuthn ceremonies (the browser side is passkeyCeremonies.ts): options for
 * registration and authentication, and their verification by @simplewebauthn/server.
 */
export function createWebauthnCeremonies(
  ctx: Pick<ServerContext, 'HttpError'>,
  options: { timeoutMs: number; userVerification: 'required' | 'preferred' },
): WebauthnCeremonies {
  const { HttpError } = ctx
  const { timeoutMs: timeout, userVerification } = options
  /** What both verifications hold a response to: the consumed challenge, its origin and RP, and user verification. */
  const expected = (challenge: string, row: ChallengeRow) => ({
    expectedChallenge: challenge,
    expectedOrigin: row.origin,
    expectedRPID: row.rp_id,
    requireUserVerification: userVerification === 'required',
  })

  return {
    /** Login options: resident keys only, so no allow list and no user name. */
    async authenticationOptions(rpId: string, challenge: string) {
      const optionsJson = await generateAuthenticationOptions({ rpID: rpId, challenge: fromBase64Url(challenge), allowCredentials: [], timeout, userVerification })
      return requestOptionsToWire(optionsJson)
    },

    /** Creation options for a new passkey of `user`, excluding the ones the user already has. */
    async registrationOptions(
      rp: { name: string; rpId: string },
      challenge: string,
      user: { handle: string; name: string },
      exclude: { id: string; transports: string[] }[],
    ) {
      return creationOptionsToWire(
        await generateRegistrationOptions({
          rpName: rp.name,
          rpID: rp.rpId,
          userName: user.name,
          userDisplayName: user.name,
          userID: Buffer.from(user.handle, 'base64url'),
          challenge: fromBase64Url(challenge),
          timeout,
          attestationType: 'none',
          excludeCredentials: exclude,
          // Resident keys: the login ceremony asks without a user name (allow_credentials empty).
          authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification },
          extensions: { credProps: true } as never,
          supportedAlgorithmIDs: ALGORITHMS,
        }),
      )
    },

    /** The challenge inside a registration's clientDataJSON (link and register send no separate one). */
    challengeOf(response: RegistrationResponse): string {
      try {
        const data = JSON.parse(Buffer.from(response.response.client_data_json, 'base64url').toString('utf8')) as { challenge?: unknown }
        if (typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{1,256}$/.test(data.challenge)) return data.challenge
      } catch {}
      throw new HttpError(400, 'invalid_data', 'authenticator_response.response.client_data_json: Malformed client data')
    },

    /** Verifies an attestation for the consumed challenge; any failure is a 401 that says nothing more. */
    async verifyRegistration(response: RegistrationResponse, challenge: string, row: ChallengeRow) {
      if (response.id !== response.raw_id) throw new HttpError(400, 'invalid_data', 'authenticator_response.raw_id: Must equal id')
      try {
        const result = await verifyRegistrationResponse({
          response: registrationResponseFromWire(response),
          ...expected(challenge, row),
          supportedAlgorithmIDs: ALGORITHMS,
        })
        if (result.verified && result.registrationInfo.credential.id === response.id) return result.registrationInfo
      } catch {}
      throw new HttpError(401, 'invalid_credentials', verificationFailed)
    },

    /** Verifies an assertion against the stored credential; answers the authenticator's new counter. */
    async verifyAuthentication(response: AuthenticationResponse, challenge: string, row: ChallengeRow, stored: StoredCredential): Promise<number> {
      try {
        const result = await verifyAuthenticationResponse({
          response: authenticationResponseFromWire(response),
          ...expected(challenge, row),
          credential: { id: response.id, publicKey: fromBase64Url(stored.public_key), counter: Number(stored.counter), transports: stored.transports },
        })
        if (!result.verified) throw new Error('not verified')
        return result.authenticationInfo.newCounter
      } catch {
        throw new HttpError(401, 'invalid_credentials', verificationFailed)
      }
    },
  }
}
