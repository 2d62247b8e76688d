import type { CaptchaProvider } from '../../core/client/captcha.js'
import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { CAPTCHA_SCREEN, TURNSTILE_SCRIPT_URL } from './constants.js'

/** Options of the Turnstile captcha plugin. */
export interface CaptchaTurnstileOptions {
  /** Turnstile script URL; default the app config's `turnstile_script_url`, else Cloudflare's. */
  scriptUrl?: string
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The plugin's English texts. */
export const captchaTurnstileTexts = {
  'captcha.title': 'Verifying',
  'captcha.verifying': 'Checking that you are human',
} as const

/** Where the script comes from: the host's option, else the app config, else Cloudflare. */
export function turnstileScriptUrl(hostOption: string | undefined, foyer: Foyer): string {
  const fromApp = (foyer.$config.peek()?.server as Record<string, unknown> | undefined)?.turnstile_script_url
  return hostOption ?? (typeof fromApp === 'string' ? fromApp : TURNSTILE_SCRIPT_URL)
}

/**
 * Cloudflare Turnstile captcha: `plugins={[captchaTurnstile(), ...]}`. Active when the app config has
 * captcha on (the server's `captcha-turnstile` section); calls that need a token then get one first.
 * Everything but this factory loads lazily, and only for apps with captcha on.
 */
export function captchaTurnstile(options: CaptchaTurnstileOptions = {}) {
  const load = (foyer: Foyer) => import('./turnstileApi.js').then((m) => m.loadTurnstile(turnstileScriptUrl(options.scriptUrl, foyer)))
  return definePlugin({
    id: 'captcha-turnstile',
    kind: 'feature',
    captcha: (foyer, report): CaptchaProvider => {
      let provider: Promise<CaptchaProvider> | null = null
      const get = () =>
        (provider ??= import('./turnstileProvider.js').then(({ createTurnstileProvider, createWidgetContainer }) => {
          let container: HTMLElement | null = null
          return createTurnstileProvider(foyer, report, { load: () => load(foyer), container: () => (container ??= createWidgetContainer()) })
        }))
      return {
        token: async (siteKey) => (await get()).token(siteKey),
        reset: () => void provider?.then((p) => p.reset()),
      }
    },
    // Warmed when the modal opens on an app with captcha on: by the time the user submits, the screen's
    // chunk and Cloudflare's script are there. Apps with captcha off never load either.
    setup: (foyer) => {
      let warmed = false
      return foyer.$modal.subscribe((modal) => {
        if (warmed || !modal.open || !foyer.$config.peek()?.captcha.enabled) return
        warmed = true
        foyer.registry.screens.get(CAPTCHA_SCREEN)?.load().catch(() => {})
        load(foyer).catch(() => {})
      })
    },
    screens: {
      captcha: { load: () => import('./screens/CaptchaScreen.js'), title: 'captcha.title', back: false },
    },
    texts: { ...captchaTurnstileTexts, ...options.texts },
  })
}

export { turnstileSiteKey } from './siteKey.js'
export * from './constants.js'
export type { TurnstileApi, TurnstileRenderOptions } from './turnstileApi.js'
