import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser'
import { mfaApi } from '../../mfa/api.js'
import { mfaPasskeyApi } from '../../mfa-passkey/api.js'
import { passkeyTexts } from '../../passkey/schema.js'
import { authenticationResponseToWire, requestOptionsFromWire } from '../../passkey/wire.js'
import { frameCall, type FrameApiTarget } from './frameApi.js'
import { FrameFailure } from './frameFailure.js'

/** WebAuthn's refusal (the user canceled, the prompt timed out, no user verification), bare or wrapped by @simplewebauthn. */
const notAllowed = (error: unknown) =>
  (error as { name?: unknown } | null)?.name === 'NotAllowedError' || (error as { cause?: { name?: unknown } } | null)?.cause?.name === 'NotAllowedError'

/**
 * `foyer:mfa:verify` with method 'passkey': the whole verification in the frame's origin (ARCHITECTURE §15). The frame
 * starts the challenge (POST /api/v1/mfa/passkeys/init {}), asks the authenticator for an assertion
 * (navigator.credentials.get, delegated to this frame by the host's `allow="publickey-credentials-get"`) and submits it
 * to /api/v1/mfa/verify itself, so the host never sees the assertion, only `{verified: true}` or a typed failure
 * (missing_or_invalid_mfa, mfa_verification_max_attempts_reached, mfa_timeout, 'code 429'). The server checks that
 * the assertion was made here (origin = the wallet origin) inside one of the app's pages (topOrigin).
 */
export async function verifyMfaInFrame(target: FrameApiTarget, accessToken: unknown, method: unknown): Promise<{ verified: true }> {
  if (method !== 'passkey') throw new FrameFailure('invalid_request_arguments', 'Unsupported MFA method')
  if (!browserSupportsWebAuthn()) throw new FrameFailure('error', passkeyTexts.notSupported)
  const { options } = await frameCall(target, mfaPasskeyApi.init, {}, accessToken)
  let asserted: Awaited<ReturnType<typeof startAuthentication>>
  try {
    asserted = await startAuthentication({ optionsJSON: requestOptionsFromWire(options.rp_id, options) })
  } catch (error) {
    throw new FrameFailure('error', notAllowed(error) ? passkeyTexts.notAllowed : passkeyTexts.unknown)
  }
  await frameCall(target, mfaApi.verify, { method: 'passkey', code: authenticationResponseToWire(asserted) }, accessToken)
  return { verified: true }
}
