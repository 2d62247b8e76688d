/** Options of `turnstile.render` this plugin uses (Cloudflare's names). */
export interface TurnstileRenderOptions {
  sitekey: string
  callback?: (token: string) => void
  'error-callback'?: (code: string) => boolean | void
  'expired-callback'?: (token: string) => void
  'timeout-callback'?: () => void
  execution?: 'render' | 'execute'
  appearance?: 'always' | 'execute' | 'interaction-only'
  retry?: 'auto' | 'never'
  'refresh-expired'?: 'auto' | 'manual' | 'never'
  theme?: 'auto' | 'light' | 'dark'
  [option: string]: unknown
}

/** `window.turnstile`: the part of Cloudflare's client API this plugin calls. */
export interface TurnstileApi {
  render(container: HTMLElement | string, options: TurnstileRenderOptions): string | null | undefined
  execute(widget: HTMLElement | string, options?: Partial<TurnstileRenderOptions>): void
  reset(widget?: HTMLElement | string): void
  remove(widget?: HTMLElement | string): void
  getResponse(widget?: HTMLElement | string): string | undefined
}

const ONLOAD = '__foyerTurnstileOnload'
let loading: Promise<TurnstileApi> | null = null

/**
 * Loads the Turnstile script once (the `onload` parameter is Cloudflare's documented readiness signal).
 * A failed load is forgotten, so a retry injects the script again.
 */
export function loadTurnstile(scriptUrl: string, win: Window & typeof globalThis = window): Promise<TurnstileApi> {
  const existing = (win as unknown as { turnstile?: TurnstileApi }).turnstile
  if (existing) return Promise.resolve(existing)
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const doc = win.document
    const url = new URL(scriptUrl, doc.baseURI)
    if (!url.searchParams.has('render')) url.searchParams.set('render', 'explicit')
    url.searchParams.set('onload', ONLOAD)
    const script = doc.createElement('script')
    const ready = () => {
      const api = (win as unknown as { turnstile?: TurnstileApi }).turnstile
      if (api) resolve(api)
    }
    ;(win as unknown as Record<string, unknown>)[ONLOAD] = ready
    script.src = url.href
    script.async = true
    script.onload = ready
    script.onerror = () => {
      script.remove()
      loading = null
      reject(new Error('The captcha script could not be loaded'))
    }
    doc.head.appendChild(script)
  })
  return loading
}

/** Forgets a pending load (tests). */
export function resetTurnstileLoader(): void {
  loading = null
}
