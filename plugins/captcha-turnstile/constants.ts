/** Cloudflare's script, explicit rendering (the widget is rendered only when a token is needed). */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
/** Cloudflare's siteverify endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** Token wait: polled every 200 ms, given up after 20 s (§9). */
export const CAPTCHA_POLL_MS = 200
export const CAPTCHA_TIMEOUT_MS = 20_000
/** Retries after a failed execution, the first after 1000 ms, each next delay doubled (§9). */
export const CAPTCHA_RETRIES = 3
export const CAPTCHA_RETRY_INITIAL_DELAY_MS = 1000
/** Pause between rendering (or resetting) the widget and executing it (§9). */
export const CAPTCHA_AUTO_EXECUTE_DELAY_MS = 500
/** The hidden screen shown while a token is on its way. */
export const CAPTCHA_SCREEN = 'captcha-turnstile/captcha'

/** Delay before retry number `retry` (1-based): 1000, 2000, 4000 ms. */
export function captchaRetryDelay(retry: number): number {
  return CAPTCHA_RETRY_INITIAL_DELAY_MS * 2 ** (retry - 1)
}
