import * as v from 'valibot'
import type { ApiCallDef } from '../../../core/client/apiCallDef.js'
import type { FrameErrorType } from '../channel/frameProtocol.js'
import { FrameFailure } from './frameFailure.js'
import type { DeviceKey } from './vault/deviceKey.js'
import { deviceKeyHeaders } from '../../../core/protocol/deviceKeys.js'

/** Where the frame's custody calls go, as whom, and the device key that signs each call's proof. */
export interface FrameApiTarget {
  apiUrl: string
  appId: string
  device: DeviceKey
  /** The fetch the calls go through (default the global one; foyer/testing hands the server's in-process one). */
  fetch?: typeof globalThis.fetch
}

/** A call's input and output, from its schemas. */
export type CallInput<C> = C extends { input: v.GenericSchema<infer I, any> } ? I : never
export type CallOutput<C> = C extends { output: v.GenericSchema<any, infer O> } ? O : never

/** Server codes the frame answers under their own spec type (§8); any other refusal is type 'error'. */
const typedCodes: ReadonlySet<string> = new Set<FrameErrorType>([
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
  // The host's 'Verify your identity' shows the lock's text and keeps the user's other methods open.
  'mfa_method_locked',
  // A password's verifier the server refused: 'Invalid recovery password, please try again.' under the field.
  'invalid_recovery_pin',
])

/**
 * Calls a custody (or MFA) route with the user's access token (the host passes it with each request). A refusal
 * becomes a FrameFailure with the server's message (the routes' messages are the spec's texts and never carry shares).
 */
export async function frameCall<C extends ApiCallDef>(target: FrameApiTarget, call: C, input: CallInput<C>, accessToken: unknown): Promise<CallOutput<C>> {
  if (typeof accessToken !== 'string' || !accessToken) throw new FrameFailure('invalid_request_arguments', 'An error has occured, please login again.')
  const def: ApiCallDef = call
  const url = new URL(def.path, target.apiUrl)
  const send = async () => {
    try {
      return await (target.fetch ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'foyer-app-id': target.appId,
          authorization: `Bearer ${accessToken}`,
          // Every call carries a proof by this device's key: the server checks it on the custody routes.
          [deviceKeyHeaders.proof]: await target.device.proof('POST', url.href, accessToken),
        },
        body: JSON.stringify(input),
        credentials: 'omit',
      })
    } catch {
      throw new FrameFailure('error', 'Unable to connect to wallet')
    }
  }
  let response = await send()
  let body = (await response.json().catch(() => null)) as ErrorBody | null
  const serverTime = body?.code === 'invalid_device_proof' ? body.data?.server_time : undefined
  if (typeof serverTime === 'number') {
    // This device's clock is off by more than the proofs' window: sign with the server's time and try once more.
    target.device.correctClock(serverTime)
    response = await send()
    body = (await response.json().catch(() => null)) as ErrorBody | null
  }
  if (!response.ok) {
    const type = body?.code && typedCodes.has(body.code) ? (body.code as FrameErrorType) : 'error'
    throw new FrameFailure(type, response.status === 429 ? `${body?.error ?? 'Too many requests'} (code 429)` : (body?.error ?? 'An error has occurred, please try again.'), body?.code)
  }
  return v.parse(def.output!, body) as CallOutput<C>
}

type ErrorBody = { error?: string; code?: string; data?: { server_time?: unknown } }
