import { signal, type ReadonlySignal } from '@preact/signals-core'
import { FlowError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'

/** §9: how long a call waits for the code a headless host collects (the server's challenge lives as long). */
export const MFA_CODE_WAIT_MS = 300_000

/** What `useRegisterMfaListener({ onMfaRequired })` listeners get: the user's enrolled methods. */
export type MfaRequiredListener = (methods: string[]) => void

/**
 * A verification this page saw pass (client clock, ms): `at` is when its call left — the server records it later, so
 * `until` (`at` plus the server's window) never outlasts the server's window.
 */
export interface MfaVerified {
  userId: string
  at: number
  windowSeconds: number
  until: number
}

/**
 * The hub's per-kernel state: the host's listeners, the verification a headless host owes (noPromptOnMfaRequired), and
 * the last verification this page saw pass.
 */
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
  /** The last verification this page saw pass while its window lasts; null past it, after a logout or for another user. */
  readonly verified: ReadonlySignal<MfaVerified | null>
  /** Notes a verification of `userId` whose call left at `at`, lasting the server's `windowSeconds`. */
  noteVerified(userId: string, at: number, windowSeconds: number): void
}

/** How a screen's call that may ask for a verification on the way stands (useSteppedUpCall). */
export type SteppedUpCall<T = unknown> = { status: 'idle' } | { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown }

/** The canceled exit (the 'mfa' intent's: 'MFA canceled', code MFA_CANCELED). */
export const mfaCanceled = (foyer: Foyer) => new FlowError(foyer.t('flow.mfaCanceled'), 'MFA_CANCELED')

/** The code wait ran out: 'Timed out waiting for MFA code' (§8, type mfa_timeout), code MFA_TIMEOUT. */
export const mfaTimedOut = (foyer: Foyer) => Object.assign(new FlowError(foyer.t('mfa.timedOut'), 'MFA_TIMEOUT'), { type: 'mfa_timeout' as const })

/** Makes the hub's state; `foyer`'s session ending (or changing user) forgets the verification seen. */
export function createMfaState(noPrompt: boolean, foyer?: Pick<Foyer, '$session'>): MfaState {
  let timer: ReturnType<typeof setTimeout> | undefined
  const verified = signal<MfaVerified | null>(null)
  let lapse: ReturnType<typeof setTimeout> | undefined
  const forget = () => {
    clearTimeout(lapse)
    verified.value = null
  }
  foyer?.$session.subscribe(({ user }) => {
    if (verified.peek() && verified.peek()!.userId !== user?.id) forget()
  })
  const state: MfaState = {
    noPrompt,
    listeners: new Set(),
    verified,
    noteVerified(userId, at, windowSeconds) {
      const until = at + windowSeconds * 1000
      if (until <= Date.now()) return
      forget()
      verified.value = { userId, at, windowSeconds, until }
      lapse = setTimeout(forget, until - Date.now())
    },
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
