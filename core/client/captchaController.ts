import type { ReadonlySignal } from '@preact/signals-core'

/** The spec's captcha context status (§3). 'disabled' when the app has captcha off. */
export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error'

/** What a captcha plugin gives the kernel (plugin slot `captcha`). */
export interface CaptchaProvider {
  /** A fresh, single-use token for the app's site key; rejects with a CaptchaError. */
  token(siteKey: string): Promise<string>
  /** Drops the current token and widget state (after the server refused a token, or on expiry). */
  reset(): void
}

/** `foyer.captcha`: the app's captcha, whichever plugin provides it. */
export interface CaptchaController {
  readonly $status: ReadonlySignal<CaptchaStatus>
  /**
   * null when the app has captcha off; otherwise a fresh token from the captcha plugin (the plugin may
   * show its captcha screen meanwhile). Throws a CaptchaError on failure, timeout or a missing plugin.
   */
  token(): Promise<string | null>
  /** Forgets the current token; the next `token()` starts over. */
  reset(): void
}
