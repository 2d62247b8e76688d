import { effect } from '@preact/signals-core'
import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react'
import { createPortal } from 'react-dom'
import { uiScreens } from '../../core/client/screenIds.js'
import type { Foyer } from '../../core/client/types.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { injectStyles } from '../theme/injectStyles.js'
import { focusable } from './focusable.js'
import { preloadScreen } from './lazyScreen.js'
import { ModalContext } from './ModalContext.js'
import { ModalHeader } from './ModalHeader.js'
import { ScreenHost } from './ScreenHost.js'

/** The ui's English, handed to the kernel when this module loads (ModalMount), so it isn't in the host's initial JS. */
export { en as uiTexts } from '../i18n/en.js'

/** Screens every flow may show first or last: loaded with the modal, so none of them suspends when it opens. */
const PRELOAD = [uiScreens.landing, uiScreens.unavailable, uiScreens.success, uiScreens.error]

/**
 * Loads the code of the screens the modal opens on (and the landing entries of the enabled login methods, then those
 * methods' next screens marked `preload`), so that a click shows the first screen in the same frame instead of behind a Suspense
 * fallback, and so does the next step.
 */
export function preloadScreens(foyer: Foyer): Promise<void> {
  const config = foyer.$config.peek()
  const enabled = new Set([...(config?.loginMethods ?? []), ...(config?.overflowMethods ?? [])])
  const entries = foyer.registry.entries.filter((e) => enabled.has(e.loginMethod))
  const defs = [...PRELOAD.map((id) => foyer.registry.screens.get(id)), ...entries.map((e) => e.entry)]
  // Then those methods' plugins' screens marked `preload` (the code screen after the e-mail form), so a sign-in's next
  // step doesn't suspend either: small chunks, after the first ones.
  const owners = new Set(entries.map((e) => e.pluginId))
  const next = () => [...foyer.registry.screens.values()].filter((screen) => screen.preload && owners.has(screen.pluginId))
  return Promise.all(defs.map(preloadScreen))
    .then(() => Promise.all(next().map(preloadScreen)))
    .then(() => undefined)
}

/** Whether the top screen may be closed by the user (false on terms acceptance). */
function isDismissable(foyer: Foyer): boolean {
  const top = foyer.$modal.peek().stack.at(-1)
  return !top || foyer.registry.screens.get(top.id)?.dismissable !== false
}

/**
 * The dialog. It subscribes to `open` and `stack` only, so nothing else in `$modal` (and nothing a
 * screen does locally, like typing a code) re-renders it.
 */
export function Modal() {
  useSignals()
  const foyer = useFoyerKernel()
  const open = useComputed(() => foyer.$modal.value.open).value
  const stack = useComputed(() => foyer.$modal.value.stack).value
  const titleId = useId()
  const context = useMemo(() => ({ titleId }), [titleId])
  const rootRef = useRef<HTMLDivElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)

  // What had focus when the modal opened (read while rendering the open: the screen moves focus into the
  // dialog in its own layout effect, before ours runs), so closing gives focus back to it.
  const opener = useRef<HTMLElement | null>(null)
  const wasOpen = useRef(false)
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }
  wasOpen.current = open

  // The styles go in as soon as the modal's code is loaded (after `ready`), not at the first open.
  useEffect(() => injectStyles(), [])

  useLayoutEffect(() => {
    if (!open) return
    const root = rootRef.current
    const dialog = dialogRef.current
    // Theme straight onto the DOM: a config change restyles without re-rendering the screens.
    const disposeTheme = effect(() => {
      const config = foyer.$config.value
      if (!root) return
      root.dataset.foyerTheme = config?.theme ?? 'light'
      if (config?.accentColor) root.style.setProperty('--foyer-accent', config.accentColor)
      else root.style.removeProperty('--foyer-accent')
    })
    const openedBy = opener.current
    // The screen has normally focused its first input or control already; otherwise take focus ourselves.
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus()
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'

    const onKeyDown = (event: KeyboardEvent) => {
      if (!dialog) return
      if (event.key === 'Escape') {
        if (!isDismissable(foyer)) return
        event.preventDefault()
        event.stopPropagation()
        foyer.modal.close()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusable(dialog)
      const first = items[0]
      const last = items.at(-1)
      const active = document.activeElement
      if (!first || !last) {
        event.preventDefault()
        dialog.focus()
      } else if (!dialog.contains(active)) {
        event.preventDefault()
        ;(event.shiftKey ? last : first).focus()
      } else if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      disposeTheme()
      document.removeEventListener('keydown', onKeyDown, true)
      document.body.style.overflow = overflow
      // Focus goes back to whatever opened the modal.
      if (openedBy?.isConnected) openedBy.focus()
    }
  }, [open, foyer])

  if (!open || typeof document === 'undefined') return null
  const top = stack.at(-1)
  const def = top ? foyer.registry.screens.get(top.id) : undefined
  const dismissable = def?.dismissable !== false
  const close = dismissable ? () => foyer.modal.close() : undefined
  const back = stack.length > 1 && def?.back !== false ? () => foyer.modal.back() : undefined

  return createPortal(
    <div className="foyer-root" ref={rootRef}>
      <div className="foyer-backdrop" onClick={close} />
      <div
        ref={dialogRef}
        className="foyer-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="foyer-modal"
      >
        <ModalHeader onBack={back} onClose={close} />
        <ModalContext.Provider value={context}>
          {/* Keyed by depth and id: a screen pushed twice starts fresh. */}
          <ScreenHost key={`${stack.length}:${top?.id ?? ''}`} entry={top} />
        </ModalContext.Provider>
      </div>
    </div>,
    document.body,
  )
}
