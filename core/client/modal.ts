import { FlowError, PluginError } from '../errors/index.js'
import { otpErrorFor } from './failureScreenPolicy.js'
import { uiScreens as failureScreens } from './screenIds.js'
import { isAuthIntent, noIntentExit, type ModalIntent } from './intents.js'
import type { Registry } from './registry.js'
import { closedModal, type FoyerState } from './state/createState.js'
import type { FlowCallbacks, Intent, ModalController, ScreenEntry } from './types.js'

type ErrorScreens = typeof import('./errorScreen.js')
let errorScreens: ErrorScreens | null = null
/** The error screens' texts (errorScreen.ts, errorTexts.ts): loaded when a modal first opens, not with every page. */
const loadErrorScreens = () => import('./errorScreen.js').then((m) => (errorScreens = m))

/** Time after closing before the flow state is cleared (lets the closing animation finish). */
export const MODAL_CLEANUP_MS = 200

interface ModalDeps {
  state: FoyerState
  registry: Registry
  t: ((key: string, vars?: Record<string, string | number>) => string) & { addDefaults?: (table: Readonly<Record<string, string>>) => void }
  /** Reports a sign-in flow's failure to the host (kernel's failAuth). */
  fail: (error: unknown, intent: Intent | null) => void
  /** One-shot callbacks the current flow was opened with. */
  setFlowCallbacks: (callbacks: FlowCallbacks | null) => void
  /** Fire-and-forget analytics (kernel's track); never throws, never awaited. */
  track: (eventName: string, payload?: Record<string, unknown>) => void
}

/** Modal controller plus the flow bookkeeping the kernel needs. */
export type Modal = ModalController & {
  /** Marks the current flow finished so closing doesn't report 'user exited'. */
  markCompleted(): void
  /** For code screens: inline text, or navigates to the failure screen and returns null. */
  otpError(error: unknown): string | null
  destroy(): void
}

/** A request waiting for its screen's answer. */
interface PendingRequest {
  screen: string
  params: unknown
  intent: ModalIntent | null
  resolve: (value: any) => void
  reject: (error: unknown) => void
  /** Set once shown: the stack entry, and whether the request opened the modal (then it closes it when answered). */
  shown?: { entry: ScreenEntry; ownsModal: boolean }
}

/** Builds the modal controller over `$modal`. */
export function createModal({ state, registry, t, fail, setFlowCallbacks, track }: ModalDeps): Modal {
  const { $modal } = state
  let completed = false
  let cleanup: ReturnType<typeof setTimeout> | undefined
  // Requests in arrival order; the first one is on screen (or about to be), the others wait for it to settle.
  const queue: PendingRequest[] = []

  function entry(screen: string, params?: unknown): ScreenEntry | null {
    const def = registry.screen(screen) // throws PluginError for an unknown screen
    if (def.guard && !def.guard(foyerForGuard)) return null
    return params === undefined ? { id: screen } : { id: screen, params }
  }
  // Guards get the kernel lazily; set by createFoyer.
  let foyerForGuard: any

  // A request ends with the exit of the flow it is shown in (its own, when it opened the modal), so a flow and the
  // request it waited on end with one error.
  const exitError = (intent: ModalIntent | null) => {
    const exit = (intent && registry.intents[intent]) || noIntentExit
    return new FlowError(t(exit.text), exit.code)
  }

  /** Shows the first waiting request: on top of the open flow, or in a modal of its own. */
  function showNext() {
    const next = queue[0]
    if (!next || next.shown) return
    try {
      if ($modal.peek().open) {
        const shown = entry(next.screen, next.params)
        if (!shown) throw new PluginError(`screen "${next.screen}" can't be shown now (its guard refused it).`)
        $modal.value = { ...$modal.peek(), stack: [...$modal.peek().stack, shown] }
        next.shown = { entry: shown, ownsModal: false }
      } else {
        openFlow({ intent: next.intent, screen: next.screen, params: next.params })
        const shown = $modal.peek().stack[0]
        if (!shown) throw new PluginError(`screen "${next.screen}" can't be shown now (its guard refused it).`)
        next.shown = { entry: shown, ownsModal: true }
      }
    } catch (error) {
      queue.shift()
      next.reject(error)
      showNext()
    }
  }

  /** Settles the request on screen; a request that opened the modal closes it; the next one is shown. */
  function settle(outcome: { value: unknown } | { error: unknown }) {
    const current = queue[0]
    if (!current?.shown) return
    queue.shift()
    if ('error' in outcome) current.reject(outcome.error)
    else current.resolve(outcome.value)
    if (current.shown.ownsModal && $modal.peek().open) {
      completed = true
      modal.close()
    } else showNext()
  }

  function openFlow(options: Parameters<ModalController['open']>[0] = {}) {
    // Without the app config the kernel knows of no enabled method: offer none, say why, let the user retry.
    const fallback = state.$config.peek() || !registry.screens.has(failureScreens.unavailable) ? failureScreens.landing : failureScreens.unavailable
    const first = entry(options.screen ?? fallback, options.params)
    clearTimeout(cleanup)
    completed = false
    setFlowCallbacks(options.callbacks ?? null)
    const intent = options.intent === undefined ? 'login' : options.intent
    $modal.value = { open: true, intent, stack: first ? [first] : [], error: null, options: options.login ?? {} }
    // Only ids, never screen params: those can carry an address or an e-mail.
    track('modal_opened', { intent, screen: first?.id ?? null })
    // A separate event (not just modal_opened's intent) so the login funnel is one event name to count.
    if (intent === 'login') track('login_started', {})
  }

  const modal: Modal & { bind(foyer: unknown): void } = {
    bind(foyer) {
      foyerForGuard = foyer
    },
    open(options = {}) {
      if (!errorScreens) void loadErrorScreens()
      // A new flow takes the modal: a request on screen loses its screen, so it ends as if the user had left.
      const current = queue[0]
      if (current?.shown) {
        queue.shift()
        current.reject(exitError($modal.peek().intent ?? current.intent))
      }
      openFlow(options)
    },
    close() {
      const current = $modal.peek()
      if (!current.open) return
      // The request on screen always ends here (never left hanging), with the flow's exit error: one error for the
      // flow and the request it waited on, so the host hears of the exit once.
      const request = queue[0]?.shown ? queue.shift() : undefined
      const exit = exitError(current.intent ?? request?.intent ?? null)
      request?.reject(exit)
      if (!completed && isAuthIntent(current.intent)) fail(exit, current.intent)
      $modal.value = { ...current, open: false }
      track('modal_closed', { intent: current.intent, completed, screen: current.stack.at(-1)?.id ?? null })
      clearTimeout(cleanup)
      cleanup = setTimeout(() => {
        if (!$modal.peek().open) {
          $modal.value = closedModal
          setFlowCallbacks(null)
        }
      }, MODAL_CLEANUP_MS)
      // Requests that waited for this flow get the modal next.
      showNext()
    },
    push(screen, params) {
      const next = entry(screen, params)
      if (next) $modal.value = { ...$modal.peek(), stack: [...$modal.peek().stack, next] }
    },
    replace(screen, params) {
      const next = entry(screen, params)
      if (!next) return
      const current = $modal.peek()
      const replaced = current.stack.at(-1)
      // A request's screen may move on to its next step (signing → success): the request goes with it.
      const request = queue[0]?.shown
      if (request && replaced === request.entry) request.entry = next
      $modal.value = { ...current, stack: [...current.stack.slice(0, -1), next] }
    },
    back() {
      const current = $modal.peek()
      if (current.stack.length <= 1) return
      const request = queue[0]
      $modal.value = { ...current, stack: current.stack.slice(0, -1), error: null }
      // Backing out of a request's screen is the user's no.
      if (request?.shown && !$modal.peek().stack.includes(request.shown.entry)) {
        queue.shift()
        request.reject(exitError(current.intent ?? request.intent))
        showNext()
      }
    },
    showError(error) {
      const current = $modal.peek()
      $modal.value = { ...current, error: error instanceof Error ? (error as any) : null }
      if (current.open) {
        // The error screens' texts load with the modal (open starts it); on the rare error before that, a moment later.
        const show = (m: ErrorScreens) => {
          // The catalogue's English comes with it (the ui's texts carry it too, for its screens).
          t.addDefaults?.(m.errorsEn)
          const { screen, params } = m.errorScreenFor(error, t, state.$config.peek(), registry.errors)
          if ($modal.peek().open) modal.push(screen, params)
        }
        if (errorScreens) show(errorScreens)
        else void loadErrorScreens().then(show)
      }
      for (const hook of registry.hooks('onError')) hook(error as any, { intent: isAuthIntent(current.intent) ? current.intent : null })
    },
    request<T>(screen: string, params?: unknown, options: { intent?: ModalIntent | null } = {}) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ screen, params, intent: options.intent ?? null, resolve, reject })
        if (queue.length === 1) showNext()
      })
    },
    resolve(value) {
      settle({ value })
    },
    reject(error) {
      settle({ error })
    },
    resolvePrompt(value) {
      settle({ value })
    },
    rejectPrompt(error) {
      settle({ error })
    },
    markCompleted() {
      completed = true
    },
    otpError(error) {
      const outcome = otpErrorFor(error, t)
      if ('inline' in outcome) return outcome.inline
      modal.showError(error)
      return null
    },
    destroy() {
      clearTimeout(cleanup)
      for (const request of queue.splice(0)) request.reject(exitError(request.intent ?? $modal.peek().intent))
    },
  }
  return modal
}
