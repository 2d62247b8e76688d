import type { BaseError } from '../errors/index.js'
import type { ApiCallDef } from './apiCallDef.js'

/** One plugin API call on its way out, as middleware sees it (and may change it). */
export interface OutgoingCall {
  /** `pluginId.name`. */
  readonly id: string
  readonly def: ApiCallDef
  /** The validated body; middleware may replace it (captcha fills its field). */
  body: unknown
  /** Extra headers (the call's own, plus what middleware adds). */
  headers: Record<string, string>
  /** false: the kernel's HTTP retry policy is off for this call (a single-use token rides in it). */
  retry: boolean
  /** 0 for the first send, then 1, 2… for sends a middleware asked for. */
  readonly attempt: number
}

/**
 * Steps around a plugin call (captcha, MFA step-up). `onRequest` runs before every send; `onResponseError` runs
 * when the server answered with an error and may run a step (show a screen, fetch a token) and answer 'retry' to
 * send the call again — at most `MAX_STEP_RETRIES` times per call.
 */
export interface CallMiddleware {
  onRequest?(call: OutgoingCall): void | Promise<void>
  onResponseError?(call: OutgoingCall, error: BaseError): void | 'retry' | Promise<void | 'retry'>
}

/** Sends a call may get after errors a middleware stepped over (the spec's MFA loop: 4 attempts in all). */
export const MAX_STEP_RETRIES = 3

/**
 * Runs `send` through the middleware: onRequest in order before each send; after an error, every onResponseError
 * in order, and one more send if any of them asked for it (and the limit allows).
 */
export async function runWithMiddleware<T>(
  middleware: readonly CallMiddleware[],
  start: Omit<OutgoingCall, 'attempt'>,
  send: (call: OutgoingCall) => Promise<T>,
): Promise<T> {
  const call = { ...start, attempt: 0 }
  for (;;) {
    for (const m of middleware) await m.onRequest?.(call)
    try {
      return await send(call)
    } catch (error) {
      let again = false
      for (const m of middleware) if ((await m.onResponseError?.(call, error as BaseError)) === 'retry') again = true
      if (!again || call.attempt >= MAX_STEP_RETRIES) throw error
      call.attempt++
    }
  }
}
