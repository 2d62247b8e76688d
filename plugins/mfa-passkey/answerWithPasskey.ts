import * as v from 'valibot'
import type { Foyer } from '../../core/client/types.js'
import { BaseError } from '../../core/errors/index.js'
import type { MfaPasskeyState } from './mfaPasskeyState.js'
import { MfaPasskeyInitOutputSchema, type MfaPasskeyResponse } from './schema.js'

/**
 * The passkey's answer to a verification in this page, for hosts without the wallet frame (with it, the frame makes
 * and submits the assertion: frame.ts): init's request options (allow_credentials = the MFA passkeys)
 * go to `navigator.credentials.get` (@simplewebauthn/browser, loaded now, with the passkey plugin's kit: its errors
 * and wire mappings), and the assertion comes back in the spec's passkey MFA response shape for /api/v1/mfa/verify. A
 * refused or timed-out prompt is the passkey plugin's 'Passkey request timed out or rejected by user.'
 */
export async function answerWithPasskey(foyer: Foyer, init: Record<string, unknown>): Promise<MfaPasskeyResponse> {
  const [lib, kit] = await Promise.all([import('@simplewebauthn/browser'), foyer.pluginState<MfaPasskeyState>('mfa-passkey').loadPasskeyKit()])
  const { passkeyErrorCodes, passkeyTexts, requestOptionsFromWire, authenticationResponseToWire, toPasskeyError } = kit
  const parsed = v.safeParse(MfaPasskeyInitOutputSchema, init)
  if (!parsed.success) throw new BaseError(passkeyTexts.unknown, { code: passkeyErrorCodes.unknown })
  const { options } = parsed.output
  if (!lib.browserSupportsWebAuthn()) throw new BaseError(passkeyTexts.notSupported, { code: passkeyErrorCodes.notSupported })
  const asserted = await lib.startAuthentication({ optionsJSON: requestOptionsFromWire(options.rp_id, options) }).catch((e: unknown) => {
    throw toPasskeyError(e)
  })
  return authenticationResponseToWire(asserted)
}
