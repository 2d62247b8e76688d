import { signal } from '@preact/signals-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Foyer, MfaMethodSlot } from '../../core/client/types.js'
import { createMfaState } from './mfaState.js'
import { mfaTexts } from './mfaTexts.js'
import { DEFAULT_MFA_WINDOW_SECONDS, enrolledWindowText, formatClock, formatMfaWindow, mfaWindowSeconds } from './mfaWindow.js'
import { submitMfa, verifyDirect } from './verifyMfa.js'

/** The English texts with `{name}` filled, as the kernel's `t` does. */
const t = (key: string, vars: Record<string, string | number> = {}) =>
  ((mfaTexts as Record<string, string>)[key] ?? key).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))

afterEach(() => vi.useRealTimers())

describe('formatMfaWindow: the window in words', () => {
  it('names whole minutes, singular or plural, rounding a part minute down (never promising more)', () => {
    expect(formatMfaWindow(900, t)).toBe('15 minutes')
    expect(formatMfaWindow(120, t)).toBe('2 minutes')
    expect(formatMfaWindow(60, t)).toBe('1 minute')
    expect(formatMfaWindow(119, t)).toBe('1 minute')
    expect(formatMfaWindow(899, t)).toBe('14 minutes')
  })

  it('names a window under a minute in seconds', () => {
    expect(formatMfaWindow(30, t)).toBe('30 seconds')
    expect(formatMfaWindow(59, t)).toBe('59 seconds')
    expect(formatMfaWindow(1, t)).toBe('1 second')
  })

  it('refuses anything but a whole number of seconds of at least 1, saying what it got', () => {
    for (const bad of [0, -60, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatMfaWindow(bad, t)).toThrow(new RangeError(`An MFA window is a whole number of seconds, at least 1; got ${bad}`))
    }
  })

  it("fills the enrolment line: 'This device is verified for the next …'", () => {
    expect(t('mfa.enrolled.window', { duration: formatMfaWindow(20, t) })).toBe(
      "This device is verified for the next 20 seconds, so you won't be asked to verify again until then.",
    )
  })
})

describe('mfaWindowSeconds: the window the server publishes', () => {
  const withConfig = (server: Record<string, unknown> | null) => ({ $config: { peek: () => (server ? { server } : null) } }) as unknown as Foyer

  it("is the app config's mfa_window_seconds, else (an older server) the default 900", () => {
    expect(mfaWindowSeconds(withConfig({ mfa_window_seconds: 45 }))).toBe(45)
    expect(mfaWindowSeconds(withConfig({}))).toBe(DEFAULT_MFA_WINDOW_SECONDS)
    expect(mfaWindowSeconds(withConfig(null))).toBe(900)
  })
})

describe("the verification the page saw (the hub's state)", () => {
  const session = () => signal<{ user: { id: string } | null }>({ user: { id: 'u1' } })

  it('lasts from when its call left for the window, then lapses on its own', () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const state = createMfaState(false, { $session: session() } as unknown as Foyer)
    state.noteVerified('u1', 999_000, 20)
    expect(state.verified.value).toEqual({ userId: 'u1', at: 999_000, windowSeconds: 20, until: 1_019_000 })
    vi.advanceTimersByTime(18_999)
    expect(state.verified.value).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(state.verified.value).toBeNull()
    // One already past its window is not noted.
    state.noteVerified('u1', 1_019_000 - 20_000, 20)
    expect(state.verified.value).toBeNull()
  })

  it('is forgotten at a logout or when another user signs in, not when the same user is refreshed', () => {
    const $session = session()
    const state = createMfaState(false, { $session } as unknown as Foyer)
    state.noteVerified('u1', Date.now(), 900)
    $session.value = { user: { id: 'u1' } }
    expect(state.verified.value?.userId).toBe('u1')
    $session.value = { user: null }
    expect(state.verified.value).toBeNull()
    state.noteVerified('u1', Date.now(), 900)
    $session.value = { user: { id: 'u2' } }
    expect(state.verified.value).toBeNull()
  })

  it('is noted by a passed code (from before the call, with the published window) and by a direct method, not by a refused one', async () => {
    const totp = { method: 'totp', verification: 'code' } as MfaMethodSlot
    let refuse = false
    let callAnswered = 0
    const foyer = {
      $config: { peek: () => ({ server: { mfa_methods: ['totp', 'passkey'], mfa_window_seconds: 30 } }) },
      $session: { peek: () => ({ user: { id: 'u1', mfaMethods: ['totp'] } }) },
      registry: { plugins: [{ id: 'mfa-totp', kind: 'mfa', mfa: totp }, { id: 'mfa-passkey', kind: 'mfa', mfa: { method: 'passkey', verification: 'direct' } }] },
      call: async () => {
        await new Promise((r) => setTimeout(r, 20))
        callAnswered = Date.now()
        if (refuse) throw new Error('missing_or_invalid_mfa')
        return {}
      },
      t: (key: string) => key,
    } as unknown as Foyer
    const state = createMfaState(false)
    refuse = true
    await expect(submitMfa(foyer, state, 'totp', '123456')).rejects.toThrow()
    expect(state.verified.value).toBeNull()
    refuse = false
    const before = Date.now()
    await submitMfa(foyer, state, 'totp', '123456')
    const noted = state.verified.value!
    expect(noted.at).toBeGreaterThanOrEqual(before)
    // From before the call left, not from its answer (a timer may fire a millisecond early: the answer's own clock).
    expect(noted.at).toBeLessThan(callAnswered)
    expect(noted).toMatchObject({ userId: 'u1', windowSeconds: 30, until: noted.at + 30_000 })
    const direct = Date.now()
    await verifyDirect(foyer, state, { ...totp, method: 'passkey', verification: 'direct', verify: async () => undefined })
    expect(state.verified.value!.at).toBeGreaterThanOrEqual(direct)
  })
})

describe("enrolledWindowText: the enrolment screens' line", () => {
  const since = 1_000_000
  const seen = (at: number, windowSeconds = 120) => ({ userId: 'u1', at, windowSeconds, until: at + windowSeconds * 1000 })

  it('names the whole window after a verification since the screen opened, the end of an earlier one, or nothing', () => {
    expect(enrolledWindowText(seen(since + 10), 'u1', since, t)).toBe(
      "This device is verified for the next 2 minutes, so you won't be asked to verify again until then.",
    )
    expect(enrolledWindowText(seen(since - 60_000), 'u1', since, t)).toBe(
      `This device is verified until ${formatClock(since + 60_000)}, so you won't be asked to verify again until then.`,
    )
    // None seen (a passkey enrolled as the first method verifies nothing), or another user's: the next action asks.
    expect(enrolledWindowText(null, 'u1', since, t)).toBeNull()
    expect(enrolledWindowText(seen(since + 10), 'u2', since, t)).toBeNull()
  })

  it('drops the seconds of the end time (never later than the window ends)', () => {
    const at = new Date(2026, 0, 1, 14, 32, 59).getTime()
    expect(formatClock(at)).toBe(new Date(2026, 0, 1, 14, 32, 0).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }))
    expect(formatClock(at)).toMatch(/32/)
  })
})
