import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser'
import { defineFrameHalf, FrameFailure, frameData } from '../wallet-frame/frame.js'
import { mfaApi } from '../mfa/index.js'
import { authenticationResponseToWire, requestOptionsFromWire } from '../../core/protocol/webauthnWire.js'
import { passkeyTexts } from '../passkey/index.js'
import { mfaPasskeyApi } from './api.js'
import { mfaPasskeyFrameEvents } from './frameEvents.js'

/** WebAuthn's refusal (the user canceled, the prompt timed out, no user verification), bare or wrapped by @simplewebauthn. */
const notAllowed = (error: unknown) =>
  (error as { name?: unknown } | null)?.name === 'NotAllowedError' || (error as { cause?: { name?: unknown } } | null)?.cause?.name === 'NotAllowedError'


/**
 * `foyer:mfa:verify` with method 'passkey': the whole verification in the wallet frame's origin (ARCHITECTURE §15). The
 * frame starts the challenge (POST /api/v1/mfa/passkeys/init {}), asks the authenticator for an assertion
 * (navigator.credentials.get, delegated to the frame by the host's `allow="publickey-credentials-get"`) and submits it
 * to /api/v1/mfa/verify itself, so the host never sees the assertion, only `{verified: true}` or a typed failure
 * (missing_or_invalid_mfa, mfa_verification_max_attempts_reached, mfa_timeout, 'code 429'). The server checks that
 * the assertion was made there (origin = the wallet origin) inside one of the app's pages (topOrigin).
 */
export default defineFrameHalf({
  handlers: (kernel) => ({
    [mfaPasskeyFrameEvents.verify]: async (raw) => {
      const { accessToken, method } = frameData(raw)
      if (method !== 'passkey') throw new FrameFailure('invalid_request_arguments', 'Unsupported MFA method')
      if (!browserSupportsWebAuthn()) throw new FrameFailure('error', passkeyTexts.notSupported)
      const { options } = await kernel.call(mfaPasskeyApi.init, {}, accessToken)
      let asserted: Awaited<ReturnType<typeof startAuthentication>>
      try {
        asserted = await startAuthentication({ optionsJSON: requestOptionsFromWire(options.rp_id, options) })
      } catch (error) {
        throw new FrameFailure('error', notAllowed(error) ? passkeyTexts.notAllowed : passkeyTexts.unknown)
      }
      await kernel.call(mfaApi.verify, { method: 'passkey', code: authenticationResponseToWire(asserted) }, accessToken)
      return { verified: true }
    },
  }),
})
