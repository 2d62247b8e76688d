import { FlowError, flowErrorCodes } from '../errors/index.js'
import { errorScreenFor, failureScreens, otpErrorFor } from './errorScreen.js'
import type { Registry } from './registry.js'
import { closedModal, type FoyerState } from './state/createState.js'
import type { FlowCallbacks, Intent, ModalController, ScreenEntry } from './types.js'

/** Time after closing before the flow state is cleared (lets the closing animation finish). */
export const MODAL_CLEANUP_MS = 200

interface ModalDeps {
  state: FoyerState
  registry: Registry
  t: (key: string, vars?: Record<string, string | number>) => string
  /** Reports a flow's failure to the host (kernel's failAuth). */
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
  /** Waits for a screen's answer (FlowContext.prompt). */
  prompt<T>(screen: string, params?: unknown): Promise<T>
  /** For code screens: inline text, or navigates to the failure screen and returns null. */
  otpError(error: unknown): string | null
  destroy(): void
}

const exitCodes: Record<Intent, string> = {
  login: flowErrorCodes.exitedLogin,
  link: flowErrorCodes.exitedLink,
  update: flowErrorCodes.exitedUpdate,
}
const exitTexts: Record<Intent, string> = { login: 'flow.exitedLogin', link: 'flow.exitedLink', update: 'flow.exitedUpdate' }

/** Builds the modal controller over `$modal`. */
export function createModal({ state, registry, t, fail, setFlowCallbacks, track }: ModalDeps): Modal {
  const { $modal } = state
  let completed = false
  let cleanup: ReturnType<typeof setTimeout> | undefined
  let pending: { resolve: (value: any) => void; reject: (error: unknown) => void } | null = null

  function entry(screen: string, params?: unknown): ScreenEntry | null {
    const def = registry.screen(screen) // throws PluginError for an unknown screen
    if (def.guard && !def.guard(foyerForGuard)) return null
    return params === undefined ? { id: screen } : { id: screen, params }
  }
  // Guards get the kernel lazily; set by createFoyer.
  let foyerForGuard: any

  const modal: Modal & { bind(foyer: unknown): void } = {
    bind(foyer) {
      foyerForGuard = foyer
    },
    open(options = {}) {
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
    },
    close() {
      const current = $modal.peek()
      if (!current.open) return
      if (!completed && current.intent) {
        const exit = new FlowError(t(exitTexts[current.intent]), exitCodes[current.intent])
        pending?.reject(exit)
        fail(exit, current.intent)
      }
      pending = null
      $modal.value = { ...current, open: false }
      track('modal_closed', { intent: current.intent, completed, screen: current.stack.at(-1)?.id ?? null })
      clearTimeout(cleanup)
      cleanup = setTimeout(() => {
        if (!$modal.peek().open) {
          $modal.value = closedModal
          setFlowCallbacks(null)
        }
      }, MODAL_CLEANUP_MS)
    },
    push(screen, params) {
      const next = entry(screen, params)
      if (next) $modal.value = { ...$modal.peek(), stack: [...$modal.peek().stack, next] }
    },
    replace(screen, params) {
      const next = entry(screen, params)
      if (next) $modal.value = { ...$modal.peek(), stack: [...$modal.peek().stack.slice(0, -1), next] }
    },
    back() {
      const current = $modal.peek()
      if (current.stack.length > 1) $modal.value = { ...current, stack: current.stack.slice(0, -1), error: null }
    },
    showError(error) {
      const { screen, params } = errorScreenFor(error, t, state.$config.peek(), registry.errors)
      const current = $modal.peek()
      $modal.value = { ...current, error: error instanceof Error ? (error as any) : null }
      if (current.open) modal.push(screen, params)
      for (const hook of registry.hooks('onError')) hook(error as any, { intent: current.intent })
    },
    resolvePrompt(value) {
      const p = pending
      pending = null
      p?.resolve(value)
    },
    rejectPrompt(error) {
      const p = pending
      pending = null
      p?.reject(error)
    },
    markCompleted() {
      completed = true
    },
    prompt<T>(screen: string, params?: unknown) {
      pending?.reject(new FlowError('Superseded by another prompt', flowErrorCodes.unknownAuth))
      return new Promise<T>((resolve, reject) => {
        pending = { resolve, reject }
        try {
          modal.push(screen, params)
        } catch (error) {
          pending = null
          reject(error)
        }
      })
    },
    otpError(error) {
      const outcome = otpErrorFor(error, t)
      if ('inline' in outcome) return outcome.inline
      modal.showError(error)
      return null
    },
    destroy() {
      clearTimeout(cleanup)
    },
  }
  return modal
}
