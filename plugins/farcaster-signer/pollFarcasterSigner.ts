import { ApiError } from '../../core/errors/index.js'
import type { FarcasterSignerStatus } from './schema.js'

/** How a poll ended. */
export type FarcasterSignerPollOutcome = 'approved' | 'revoked' | 'timeout' | 'aborted'

/** Options of pollFarcasterSigner. */
export interface PollFarcasterSignerOptions {
  intervalMs: number
  timeoutMs: number
  signal?: AbortSignal
  /** Clock (tests). */
  now?: () => number
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })

/**
 * Polls the signer's status every `intervalMs` until it is approved or revoked, or `timeoutMs` passed (the spec's
 * 2 s and 300 s). A failed poll (network, 5xx, 429) is retried by the next one; a refusal (other 4xx: another fid
 * approved, the user lost the wallet or the account) ends it by throwing.
 */
export async function pollFarcasterSigner(check: () => Promise<FarcasterSignerStatus>, options: PollFarcasterSignerOptions): Promise<FarcasterSignerPollOutcome> {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? wait
  const until = now() + options.timeoutMs
  while (true) {
    await sleep(options.intervalMs, options.signal)
    if (options.signal?.aborted) return 'aborted'
    try {
      const status = await check()
      if (status === 'approved' || status === 'revoked') return status
    } catch (error) {
      if (options.signal?.aborted) return 'aborted'
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408) throw error
    }
    if (now() >= until) return 'timeout'
  }
}
