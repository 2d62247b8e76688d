import { FlowError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'

/** §9: how long a call waits for the code a headless host collects (the server's challenge lives as long). */
export const MFA_CODE_WAIT_MS = 300_000

/** What `useRegisterMfaListener({ onMfaRequired })` listeners get: the user's enrolled methods. */
export type MfaRequiredListener = (methods: string[]) => void

/** The hub's per-kernel state: the host's listeners, and the verification a headless host owes (noPromptOnMfaRequired). */
export interface MfaState {
  readonly noPrompt: boolean
  listeners: Set<MfaRequiredListener>
  /** Settled by useMfa's submit (verified) or cancel, or by the code wait running out; shared by the calls that wait on it. */
  pending: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | null
  /**
   * Starts (or joins) the wait for a headless verification. After `timeoutMs` it fails with `timedOut()` (the spec's
   * mfa_timeout), so a host that never answers doesn't hold the call forever.
   */
  waitForVerification(timedOut: () => unknown, timeoutMs?: number): Promise<void>
  settle(error?: unknown): void
}

/** How a screen's call that may ask for a verification on the way stands (useSteppedUpCall). */
export type SteppedUpCall<T = unknown> = { status: 'idle' } | { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown }

/** The canceled exit (the 'mfa' intent's: 'MFA canceled', code MFA_CANCELED). */
export const mfaCanceled = (foyer: Foyer) => new FlowError(foyer.t('flow.mfaCanceled'), 'MFA_CANCELED')

/** The code wait ran out: 'Timed out waiting for MFA code' (§8, type mfa_timeout), code MFA_TIMEOUT. */
export const mfaTimedOut = (foyer: Foyer) => Object.assign(new FlowError(foyer.t('mfa.timedOut'), 'MFA_TIMEOUT'), { type: 'mfa_timeout' as const })

/** Makes the hub's state. */
export function createMfaState(noPrompt: boolean): MfaState {
  let timer: ReturnType<typeof setTimeout> | undefined
  const state: MfaState = {
    noPrompt,
    listeners: new Set(),
    pending: null,
    waitForVerification(timedOut, timeoutMs = MFA_CODE_WAIT_MS) {
      if (!state.pending) {
        let resolve!: () => void
        let reject!: (error: unknown) => void
        const promise = new Promise<void>((res, rej) => {
          resolve = res
          reject = rej
        })
        state.pending = { promise, resolve, reject }
        timer = setTimeout(() => state.settle(timedOut()), timeoutMs)
      }
      return state.pending.promise
    },
    settle(error) {
      const pending = state.pending
      state.pending = null
      clearTimeout(timer)
      timer = undefined
      if (!pending) return
      if (error === undefined) pending.resolve()
      else pending.reject(error)
    },
  }
  return state
}
