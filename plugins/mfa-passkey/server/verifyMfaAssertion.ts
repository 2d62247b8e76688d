import { verifyAuthenticationResponse } from '@simplewebauthn/server'
import { authenticationResponseFromWire } from '../../passkey/server.js'
import type { MfaPasskeyResponse } from '../schema.js'
import type { ExpectedOrigins } from './passkeyAssertion.js'

/** The stored credential an MFA assertion is checked against. */
export interface AssertedCredential {
  credential_id: string
  public_key: string
  counter: string | number
  transports: string[]
}

/**
 * Verifies a passkey MFA assertion with @simplewebauthn/server against the stored credential, the live challenge,
 * the relying party and the origins it may come from (with `expectedTopOrigin` for one made in the wallet frame).
 * Answers the authenticator's new counter, or null for any failure (the caller says nothing more).
 */
export async function verifyMfaAssertion(
  response: MfaPasskeyResponse,
  expected: ExpectedOrigins & { challenge: string; rpId: string; requireUserVerification: boolean },
  stored: AssertedCredential,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: authenticationResponseFromWire(response),
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.expectedOrigin,
      ...(expected.expectedTopOrigin ? { expectedTopOrigin: expected.expectedTopOrigin } : {}),
      expectedRPID: expected.rpId,
      requireUserVerification: expected.requireUserVerification,
      credential: { id: stored.credential_id, publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')), counter: Number(stored.counter), transports: stored.transports as never },
    })
    return result.verified ? result.authenticationInfo.newCounter : null
  } catch {
    return null
  }
}
