import { FlowError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'

/** What `useRegisterMfaListener({ onMfaRequired })` listeners get: the user's enrolled methods. */
export type MfaRequiredListener = (methods: string[]) => void

/** The hub's per-kernel state: the host's listeners, and the verification a headless host owes (noPromptOnMfaRequired). */
export interface MfaState {
  readonly noPrompt: boolean
  listeners: Set<MfaRequiredListener>
  /** Settled by useMfa's submit (verified) or cancel; one at a time, shared by the calls that wait on it. */
  pending: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | null
  /** Starts (or joins) the wait for a headless verification. */
  waitForVerification(): Promise<void>
  settle(error?: unknown): void
}

/** The canceled exit (the 'mfa' intent's: 'MFA canceled', code MFA_CANCELED). */
export const mfaCanceled = (foyer: Foyer) => new FlowError(foyer.t('flow.mfaCanceled'), 'MFA_CANCELED')

/** Makes the hub's state. */
export function createMfaState(noPrompt: boolean): MfaState {
  const state: MfaState = {
    noPrompt,
    listeners: new Set(),
    pending: null,
    waitForVerification() {
      if (!state.pending) {
        let resolve!: () => void
        let reject!: (error: unknown) => void
        const promise = new Promise<void>((res, rej) => {
          resolve = res
          reject = rej
        })
        state.pending = { promise, resolve, reject }
      }
      return state.pending.promise
    },
    settle(error) {
      const pending = state.pending
      state.pending = null
      if (!pending) return
      if (error === undefined) pending.resolve()
      else pending.reject(error)
    },
  }
  return state
}
