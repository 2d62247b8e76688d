import { ValidationError } from '../../core/errors/index.js'
import { mfaMethodNames } from '../../core/protocol/index.js'
import type { Foyer, MfaMethodSlot } from '../../core/client/types.js'
import { mfaCalls } from './mfaCalls.js'
import { mfaMethodsOf } from './mfaMethods.js'
import { mfaCanceled, type MfaState } from './mfaState.js'
import { noteMfaVerified } from './mfaWindow.js'

/** The loaded, app-enabled method `method`, or 'Unsupported MFA method' with nothing sent. */
function methodSlot(foyer: Foyer, method: unknown) {
  const slot = (mfaMethodNames as readonly unknown[]).includes(method) ? mfaMethodsOf(foyer).find((m) => m.method === method) : undefined
  if (!slot) throw new ValidationError(foyer.t('mfa.unsupportedMethod'))
  return slot
}

/**
 * Starts a verification with `method` (the server starts its 300 000 ms challenge; SMS sends its code) the way the
 * method says (§7: SMS POST /api/v1/mfa/passwordless_sms/init {action: 'verify'}, passkey POST /api/v1/mfa/passkeys/init
 * {}); a method that says nothing (totp) uses the kernel's POST /api/v1/mfa/init {method}.
 */
export async function initMfa(foyer: Foyer, method: string): Promise<Record<string, unknown>> {
  const slot = methodSlot(foyer, method)
  return slot.start ? slot.start(foyer) : mfaCalls.init(foyer, { method: slot.method as 'totp' })
}

/**
 * Runs a direct method's whole verification (passkey: in the wallet frame's origin, the assertion never reaching this
 * page), notes it (useMfaVerifiedUntil), then settles the pending headless verification, if any.
 */
export async function verifyDirect(foyer: Foyer, state: MfaState, slot: MfaMethodSlot): Promise<void> {
  if (!slot.verify) throw new ValidationError(foyer.t('mfa.unsupportedMethod'))
  const at = Date.now()
  await slot.verify(foyer)
  noteMfaVerified(foyer, at, state)
  state.settle()
}

/**
 * Answers the challenge: a code (trimmed, 6 digits) for totp and sms, the method's answer (an assertion) otherwise.
 * On success it is noted (useMfaVerifiedUntil) and the pending headless verification, if any, is settled: the waiting
 * call retries.
 */
export async function submitMfa(foyer: Foyer, state: MfaState, method: string, code: unknown): Promise<void> {
  const slot = methodSlot(foyer, method)
  if (slot.verification === 'code') {
    if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) throw new ValidationError(foyer.t('mfa.invalidCode'))
  } else if (typeof code === 'string' || !code || typeof code !== 'object') {
    throw new ValidationError(foyer.t('mfa.invalidCode'))
  }
  const at = Date.now()
  await mfaCalls.verify(foyer, { method: slot.method as 'totp', code: typeof code === 'string' ? code.trim() : (code as Record<string, unknown>) })
  noteMfaVerified(foyer, at, state)
  state.settle()
}

/** The user gave up: the server drops the challenge, and a call waiting on the verification fails with 'MFA canceled'. */
export async function cancelMfa(foyer: Foyer, state: MfaState): Promise<void> {
  state.settle(mfaCanceled(foyer))
  await mfaCalls.cancel(foyer, {}).catch(() => undefined)
}
