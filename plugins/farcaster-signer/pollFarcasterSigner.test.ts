import { describe, expect, it } from 'vitest'
import { ApiError } from '../../core/errors/index.js'
import { pollFarcasterSigner } from './pollFarcasterSigner.js'
import type { FarcasterSignerStatus } from './schema.js'

/** A fake clock: sleeping moves it. */
function clock() {
  let t = 0
  const slept: number[] = []
  return { now: () => t, sleep: async (ms: number) => void (slept.push(ms), (t += ms)), slept }
}

describe('pollFarcasterSigner', () => {
  it('polls every interval until approved', async () => {
    const c = clock()
    const answers: FarcasterSignerStatus[] = ['pending_approval', 'pending_approval', 'approved']
    expect(await pollFarcasterSigner(async () => answers.shift()!, { intervalMs: 2000, timeoutMs: 300_000, ...c })).toBe('approved')
    expect(c.slept).toEqual([2000, 2000, 2000])
  })

  it('times out after 300 s of pending (150 polls), and ends on revoked', async () => {
    const c = clock()
    let polls = 0
    expect(await pollFarcasterSigner(async () => (polls++, 'pending_approval'), { intervalMs: 2000, timeoutMs: 300_000, ...c })).toBe('timeout')
    expect(polls).toBe(150)
    expect(await pollFarcasterSigner(async () => 'revoked', { intervalMs: 2000, timeoutMs: 300_000, ...clock() })).toBe('revoked')
  })

  it('retries failed polls (network, 5xx, 429) but stops on a refusal', async () => {
    const failures: unknown[] = [new TypeError('fetch failed'), new ApiError('busy', { status: 503, serverCode: 'internal_error' }), new ApiError('slow', { status: 429, serverCode: 'too_many_requests' })]
    expect(await pollFarcasterSigner(async () => { const f = failures.shift(); if (f) throw f; return 'approved' }, { intervalMs: 2000, timeoutMs: 300_000, ...clock() })).toBe('approved')
    const refusal = new ApiError('The signer was approved by another Farcaster account', { status: 403, serverCode: 'farcaster_signer_fid_mismatch' })
    await expect(pollFarcasterSigner(async () => { throw refusal }, { intervalMs: 2000, timeoutMs: 300_000, ...clock() })).rejects.toBe(refusal)
  })

  it('ends as aborted when the screen goes away', async () => {
    const abort = new AbortController()
    abort.abort()
    expect(await pollFarcasterSigner(async () => 'approved', { intervalMs: 2000, timeoutMs: 300_000, signal: abort.signal, ...clock() })).toBe('aborted')
  })
})
