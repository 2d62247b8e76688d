import { signal, type ReadonlySignal } from '@preact/signals-core'
import type { Foyer, FundingRequest } from '../../core/client/types.js'
import type { FundingStatus } from './fundingTexts.js'
import type { FundingPluginOptions, FundWalletFailure } from './fundingTypes.js'

/** What fundWallet will answer: the last status reached, the method last chosen, the last failure shown. */
export interface FundingOutcome {
  status: FundingStatus | 'exited'
  method: string | null
  error?: FundWalletFailure
}

/** Callbacks of one fundWallet call (useFundWallet's). */
export interface FundingCallbacks {
  /** A method failed and the flow went back to the selection with its message. */
  onError?: (failure: FundWalletFailure) => void
}

/** One open fundWallet flow. */
export interface FundingSession {
  readonly request: FundingRequest
  /** The modal's stack depth below the funding screens (0: the hub opened the modal). */
  readonly base: number
  /** Written only through the state's record and fail. */
  outcome: FundingOutcome
  readonly callbacks: FundingCallbacks
  /** Ends the flow: fundWallet answers the outcome. */
  finish(): void
}

/** The funding hub's state (its `state` slot): `foyer.pluginState<FundingHubState>('funding')`. */
export interface FundingHubState {
  readonly options: FundingPluginOptions
  /** The open fundWallet flow of this kernel, if any. */
  readonly session: ReadonlySignal<FundingSession | null>
  /** Starts `session` (the hub's fundWallet only). */
  begin(session: FundingSession): void
  /** Clears `session` if it is still the open one. */
  end(session: FundingSession): void
  /**
   * Notes what the open flow reached, for fundWallet's answer: a status (providers call it while a purchase is pending,
   * the hub's status screens when shown), the method chosen. A status clears an earlier failure.
   */
  record(patch: Partial<Omit<FundingOutcome, 'error'>>): void
  /** Notes a failure the selection shows (`errorMessage`) and tells the caller's onError, once per failure. */
  fail(failure: FundWalletFailure, key: object): void
}

/** Makes the hub's state for a kernel. */
export function createFundingState(options: FundingPluginOptions): FundingHubState {
  const session = signal<FundingSession | null>(null)
  const reported = new WeakSet<object>()
  return {
    options,
    session,
    begin(next) {
      session.value = next
    },
    end(done) {
      if (session.peek() === done) session.value = null
    },
    record(patch) {
      const open = session.peek()
      if (!open) return
      const { error, ...rest } = open.outcome
      open.outcome = { ...rest, ...patch, ...(error && !patch.status ? { error } : {}) }
    },
    fail(failure, key) {
      const open = session.peek()
      if (!open || reported.has(key)) return
      reported.add(key)
      // Back on the selection: no status holds any more (a pending purchase that failed is not processing).
      open.outcome = { status: 'exited', method: open.outcome.method, error: failure }
      open.callbacks.onError?.(failure)
    },
  }
}

/** The hub's state in `foyer`, or null when the funding hub isn't loaded (a provider screen shown on its own). */
export function fundingStateOf(foyer: Foyer): FundingHubState | null {
  return foyer.registry.plugin('funding')?.state ? foyer.pluginState<FundingHubState>('funding') : null
}

/** Notes what the open funding flow reached (see FundingHubState.record); nothing when no flow is open. */
export function recordFunding(foyer: Foyer, patch: Partial<Omit<FundingOutcome, 'error'>>): void {
  fundingStateOf(foyer)?.record(patch)
}
