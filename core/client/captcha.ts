import type { ReadonlySignal, Signal } from '@preact/signals-core'
import { ApiError, BaseError } from '../errors/index.js'
import type { CaptchaController, CaptchaProvider, CaptchaStatus } from './captchaController.js'
import type { CaptchaProviderFactory, Foyer, ResolvedConfig } from './types.js'

export type { CaptchaController, CaptchaProvider, CaptchaStatus } from './captchaController.js'
export type { CaptchaProviderFactory } from './types.js'

/** Stable codes of captcha errors (the spec's §8 rows). */
export const captchaErrorCodes = {
  failure: 'CAPTCHA_FAILURE',
  timeout: 'CAPTCHA_TIMEOUT',
  /** A developer error: captcha is on for the app but no plugin can produce a token. */
  notLoaded: 'CAPTCHA_NOT_LOADED',
  /** A developer error: the app's site key has no provider prefix this plugin understands. */
  unsupportedSiteKey: 'UNSUPPORTED_CAPTCHA_SITE_KEY',
} as const

/** The spec's texts for captcha errors (§5, §8). */
export const captchaTexts = {
  failure: 'You did not pass CAPTCHA. Please try again.',
  timeout: 'Captcha failed',
  notLoaded: 'Captcha is enabled but no captcha plugin is loaded',
  unsupportedSiteKey: 'Unsupported captcha site key',
} as const

/** A captcha that could not produce a token. `retriesExhausted`: the error screen adds the adblocker hint. */
export class CaptchaError extends BaseError {
  override name = 'CaptchaError'
  readonly retriesExhausted: boolean
  constructor(message: string, code: string, options: { retriesExhausted?: boolean; cause?: unknown } = {}) {
    super(message, { code, cause: options.cause })
    this.retriesExhausted = options.retriesExhausted ?? false
  }
}

/** Builds `foyer.captcha` over the kernel's captcha signal and the first plugin with a `captcha` slot. */
export function createCaptcha(deps: {
  $state: Signal<Exclude<CaptchaStatus, 'disabled'>>
  $status: ReadonlySignal<CaptchaStatus>
  $config: ReadonlySignal<ResolvedConfig | null>
  factory: CaptchaProviderFactory | undefined
  foyer: () => Foyer
}): CaptchaController {
  let provider: CaptchaProvider | null = null
  // One token at a time: a widget serves one execution, and two flows must not reset each other's.
  let queue: Promise<unknown> = Promise.resolve()
  const get = () => {
    if (!deps.factory) return null
    provider ??= deps.factory(deps.foyer(), (status) => (deps.$state.value = status))
    return provider
  }
  return {
    $status: deps.$status,
    token() {
      const config = deps.$config.peek()
      // Without a config (not initialized) nothing is known: send none and let the server decide.
      if (!config?.captcha.enabled) return Promise.resolve(null)
      const run = async () => {
        const p = get()
        if (!p) throw new CaptchaError(captchaTexts.notLoaded, captchaErrorCodes.notLoaded)
        return p.token(config.captcha.siteKey ?? '')
      }
      const next = queue.then(run, run)
      queue = next.catch(() => {})
      return next
    },
    reset() {
      provider?.reset()
      deps.$state.value = 'ready'
    },
  }
}

/** Whether an error is the server refusing a captcha token (the kernel then resets the captcha, §8). */
export function isInvalidCaptcha(error: unknown): boolean {
  return error instanceof ApiError && error.serverCode === 'invalid_captcha'
}
