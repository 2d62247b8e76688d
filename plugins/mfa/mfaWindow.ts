import type { Foyer } from '../../core/client/types.js'
import type { MfaState } from './mfaState.js'

/** The server's default MFA window (core/server/mfa.ts), for an older server whose app config doesn't publish one. */
export const DEFAULT_MFA_WINDOW_SECONDS = 900

/** Text lookup with `{name}` placeholders (the kernel's `t`, or useT's). */
type Translate = (key: string, vars?: Record<string, string | number>) => string

/** How long a verification lets this session through: the app config's `mfa_window_seconds`, else the default. */
export function mfaWindowSeconds(foyer: Pick<Foyer, '$config'>): number {
  return foyer.$config.peek()?.server.mfa_window_seconds ?? DEFAULT_MFA_WINDOW_SECONDS
}

/**
 * An MFA window in words: under a minute in seconds ('30 seconds', '1 second'), else in whole minutes ('1 minute',
 * '15 minutes'), rounded down so the text never promises more than the server gives. Anything but a whole number of
 * seconds of at least 1 is a RangeError.
 */
export function formatMfaWindow(seconds: number, t: Translate): string {
  if (!Number.isInteger(seconds) || seconds < 1) throw new RangeError(`An MFA window is a whole number of seconds, at least 1; got ${seconds}`)
  if (seconds < 60) return t(seconds === 1 ? 'mfa.window.second' : 'mfa.window.seconds', { count: seconds })
  const minutes = Math.floor(seconds / 60)
  return t(minutes === 1 ? 'mfa.window.minute' : 'mfa.window.minutes', { count: minutes })
}

/** A time of day as the user's locale writes hours and minutes (the seconds dropped: never later than `at`). */
export const formatClock = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })

/**
 * Notes, in the MFA hub's state, that the signed-in user's verification passed; `at` is when its call left (Date.now()
 * before the call). Method plugins call it after a call the server records as a verification (TOTP and SMS enrolment).
 */
export function noteMfaVerified(foyer: Foyer, at: number, state: MfaState = foyer.pluginState<MfaState>('mfa')): void {
  const user = foyer.$session.peek().user
  if (user) state.noteVerified(user.id, at, mfaWindowSeconds(foyer))
}

/**
 * The enrolment success screens' line on the window: with a verification seen pass since `since` (the screen opened),
 * 'This device is verified for the next {duration}…' (the server's window, just begun); with an earlier one still
 * running, '…verified until {time}…'; without one, null — the next protected action asks (a passkey enrolled as the
 * first method verifies nothing).
 */
export function enrolledWindowText(verified: MfaState['verified']['value'], userId: string | undefined, since: number, t: Translate): string | null {
  if (!verified || verified.userId !== userId) return null
  if (verified.at >= since) return t('mfa.enrolled.window', { duration: formatMfaWindow(verified.windowSeconds, t) })
  return t('mfa.enrolled.until', { time: formatClock(verified.until) })
}
