import { CaptchaError, captchaErrorCodes, captchaTexts, type CaptchaProvider, type CaptchaStatus } from '../../core/client/captcha.js'
import type { Foyer } from '../../core/client/types.js'
import { turnstileSiteKey } from './siteKey.js'
import {
  CAPTCHA_AUTO_EXECUTE_DELAY_MS,
  CAPTCHA_POLL_MS,
  CAPTCHA_RETRIES,
  CAPTCHA_SCREEN,
  CAPTCHA_TIMEOUT_MS,
  captchaRetryDelay,
} from './constants.js'
import type { TurnstileApi } from './turnstileApi.js'

/** What the provider needs besides the kernel; injectable for tests. */
export interface TurnstileProviderDeps {
  /** Loads (once) and answers `window.turnstile`. */
  load: () => Promise<TurnstileApi>
  /** The element the invisible widget lives in (made on first use). */
  container: () => HTMLElement
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The Turnstile captcha behind `foyer.captcha`: one explicit, execute-on-demand, interaction-only widget,
 * reset before every token (tokens are single use). Failed executions are retried (Turnstile's own retry
 * is off so the spec's delays hold); the caller waits by polling, with a 20 s limit.
 */
export function createTurnstileProvider(
  foyer: Foyer,
  report: (status: Exclude<CaptchaStatus, 'disabled'>) => void,
  deps: TurnstileProviderDeps,
): CaptchaProvider {
  let api: TurnstileApi | null = null
  let widget: { id: string; siteKey: string; fresh: boolean } | null = null
  // The execution waiting for a callback; callbacks arriving with none pending are stale and ignored.
  let pending: { resolve: (token: string) => void; reject: (error: Error) => void } | null = null
  // Bumped when a wait ends, so an abandoned retry loop stops touching the widget.
  let generation = 0

  const settle = (outcome: { token: string } | { error: Error }) => {
    const p = pending
    pending = null
    if (!p) return
    if ('token' in outcome) p.resolve(outcome.token)
    else p.reject(outcome.error)
  }

  function widgetFor(turnstile: TurnstileApi, siteKey: string): string {
    if (widget && widget.siteKey === siteKey) {
      if (!widget.fresh) turnstile.reset(widget.id)
      widget.fresh = false
      return widget.id
    }
    if (widget) turnstile.remove(widget.id)
    const theme = foyer.$config.peek()?.theme
    const id = turnstile.render(deps.container(), {
      sitekey: siteKey,
      execution: 'execute',
      appearance: 'interaction-only',
      retry: 'never',
      'refresh-expired': 'manual',
      ...(theme ? { theme } : {}),
      callback: (token) => {
        report('success')
        settle({ token })
      },
      'error-callback': (code) => {
        settle({ error: new Error(`Turnstile error ${code}`) })
        // Handled: Turnstile must not log or retry on its own.
        return true
      },
      'timeout-callback': () => settle({ error: new Error('Turnstile interactive challenge timed out') }),
      // §4: the token is reset when it expires; the next token() renews the widget anyway.
      'expired-callback': () => report('ready'),
    })
    if (!id) throw new Error('Turnstile did not render the widget')
    widget = { id, siteKey, fresh: false }
    return id
  }

  async function execute(gen: number, siteKey: string): Promise<string> {
    api ??= await deps.load()
    if (gen !== generation) throw new Error('abandoned')
    const id = widgetFor(api, siteKey)
    await sleep(CAPTCHA_AUTO_EXECUTE_DELAY_MS)
    if (gen !== generation) throw new Error('abandoned')
    const turnstile = api
    return new Promise<string>((resolve, reject) => {
      pending = { resolve, reject }
      turnstile.execute(id)
    })
  }

  async function withRetries(gen: number, siteKey: string): Promise<string> {
    for (let retry = 0; ; retry++) {
      if (retry > 0) await sleep(captchaRetryDelay(retry))
      if (gen !== generation) throw new Error('abandoned')
      try {
        return await execute(gen, siteKey)
      } catch (cause) {
        if (retry >= CAPTCHA_RETRIES || gen !== generation) {
          throw new CaptchaError(captchaTexts.failure, captchaErrorCodes.failure, { retriesExhausted: true, cause })
        }
      }
    }
  }

  /** Polls the run's outcome every 200 ms; after 20 s without one, CAPTCHA_TIMEOUT. */
  function waitFor(outcome: { token?: string; error?: unknown }): Promise<string> {
    return new Promise((resolve, reject) => {
      let waited = 0
      const timer = setInterval(() => {
        waited += CAPTCHA_POLL_MS
        if (outcome.token !== undefined) resolve(outcome.token)
        else if (outcome.error !== undefined) reject(outcome.error)
        else if (waited >= CAPTCHA_TIMEOUT_MS) reject(new CaptchaError(captchaTexts.timeout, captchaErrorCodes.timeout))
        else return
        clearInterval(timer)
      }, CAPTCHA_POLL_MS)
    })
  }

  // Only from a flow's first screen (landing or a link/update entry), where the captcha screen comes before
  // the awaiting screen. Deeper screens (a code screen's resend, Farcaster's or a wallet's screen that
  // inits on mount) keep their place: covering them would remount them, losing their state or re-running
  // their init. The widget is invisible either way.
  function showScreen(): boolean {
    const modal = foyer.$modal.peek()
    if (!modal.open || modal.stack.length > 1) return false
    foyer.modal.push(CAPTCHA_SCREEN)
    return true
  }
  function hideScreen(shown: boolean) {
    if (shown && foyer.$modal.peek().stack.at(-1)?.id === CAPTCHA_SCREEN) foyer.modal.back()
  }

  return {
    async token(siteKeyOfApp) {
      const siteKey = turnstileSiteKey(siteKeyOfApp)
      const gen = ++generation
      report('loading')
      const outcome: { token?: string; error?: unknown } = {}
      withRetries(gen, siteKey).then(
        (token) => (outcome.token = token),
        (error) => (outcome.error = error),
      )
      const shown = showScreen()
      try {
        return await waitFor(outcome)
      } catch (error) {
        generation++
        pending = null
        report('error')
        throw error
      } finally {
        hideScreen(shown)
      }
    },
    reset() {
      pending = null
      generation++
      if (api && widget) {
        api.reset(widget.id)
        widget.fresh = true
      }
      report('ready')
    },
  }
}

/** The fixed, otherwise empty element the widget renders into: visible only if Turnstile asks for interaction. */
export function createWidgetContainer(doc: Document = document): HTMLElement {
  const el = doc.createElement('div')
  el.dataset.foyerCaptcha = 'turnstile'
  el.style.cssText = 'position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:2147483647'
  doc.body.appendChild(el)
  return el
}
