import { memo, Suspense, useLayoutEffect, useRef, type ReactNode } from 'react'
import type { ScreenEntry } from '../../core/client/types.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'
import { useT } from '../i18n/useT.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'
import { Spinner } from '../primitives/Spinner.js'
import { ErrorText } from '../primitives/ErrorText.js'
import { focusable } from './focusable.js'
import { lazyScreen } from './lazyScreen.js'
import { ScreenEntryContext } from './ScreenEntryContext.js'
import { ScreenErrorBoundary } from './ScreenErrorBoundary.js'

/** Props every screen component receives. */
export interface ScreenProps<P = any> {
  params: P
}

/** Renders the screen on top of the modal stack (lazy, with a spinner while it loads). */
export const ScreenHost = memo(function ScreenHost({ entry }: { entry: ScreenEntry | undefined }) {
  const foyer = useFoyerKernel()
  const t = useT()
  if (!entry) return <Loading />
  const def = foyer.registry.screens.get(entry.id)
  if (!def) return <Broken title={t('error.generic.title')} detail={`No screen "${entry.id}" is registered.`} />
  const Screen = lazyScreen(def)
  return (
    <ScreenErrorBoundary fallback={() => <Broken title={t('error.generic.title')} detail={t('error.generic.detail')} />}>
      <Suspense fallback={<Loading />}>
        <FocusOnShow>
          <ScreenEntryContext.Provider value={entry}>
            <Screen params={entry.params} />
          </ScreenEntryContext.Provider>
        </FocusOnShow>
      </Suspense>
    </ScreenErrorBoundary>
  )
})

/**
 * Moves focus into a screen when it appears (after its code loaded): to its first input, or else its first
 * control, unless the screen already put focus inside itself. The header's back and close buttons are not
 * part of the screen, so a keyboard or screen-reader user lands where the screen's action is.
 */
function FocusOnShow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  // What this component focused itself (a ref outlives StrictMode's effect re-run and any re-run of the effect).
  const placed = useRef<Element | null>(null)
  useLayoutEffect(() => {
    const root = ref.current
    if (!root) return
    // The screen put focus inside itself (an autoFocus): its choice stands. Focus this component placed doesn't count:
    // the effect runs again (StrictMode does, at once) and must keep following — it returned here, and a landing whose
    // e-mail field's code came after the first option had taken focus left focus on that option.
    const active = document.activeElement
    if (root.contains(active) && active !== placed.current) return
    // Focus only counts when it took: an input React still keeps hidden (a Suspense boundary revealing its
    // content) can't take focus yet.
    const focusInput = () => {
      const found = focusable(root).find((el) => el.matches('input, select, textarea'))
      found?.focus({ preventScroll: true })
      const took = found !== undefined && document.activeElement === found
      if (took) placed.current = found
      return took
    }
    if (!root.contains(active) && !focusInput()) {
      const first = focusable(root)[0]
      first?.focus({ preventScroll: true })
      if (first && document.activeElement === first) placed.current = first
    }
    // Until the user acts (clicks or presses a key), focus follows the screen's first input as the screen settles:
    // a part that loads later (a landing entry whose code wasn't there yet) may bring it, and a part that re-renders
    // may replace the focused one. Focus moved by code (the dialog taking focus when nothing in the screen could)
    // doesn't count as the user's choice.
    const doc = root.ownerDocument
    const inputFocused = () => root.contains(doc.activeElement) && (doc.activeElement as HTMLElement).matches('input, select, textarea')
    // Only the user's own moves inside the screen count: the click on the host's 'Log in' button that opens a modal
    // whose screen was already mounted must not stop the following (it did, and focus stayed on the first button
    // while the e-mail field's code was still loading).
    const acted = (event: Event) => {
      if (event.target instanceof Node && root.contains(event.target)) stop()
    }
    doc.addEventListener('pointerdown', acted, true)
    doc.addEventListener('keydown', acted, true)
    // An input that is there but can't take focus yet (still hidden, or revealed by a CSS animation or transition that
    // no attribute change reports) is tried again shortly, and when an animation or transition in the screen ends.
    let retry: ReturnType<typeof setTimeout> | undefined
    let retries = 0
    const follow = () => {
      clearTimeout(retry)
      if (inputFocused() || focusInput()) return
      // At most 5 s of retries in all (an input kept hidden for good, in a collapsed part, never takes focus).
      if (retries < 100 && focusable(root).some((el) => el.matches('input, select, textarea'))) retry = setTimeout(() => (retries++, follow()), 50)
    }
    const observer = new MutationObserver(follow)
    root.addEventListener('animationend', follow)
    root.addEventListener('transitionend', follow)
    const stop = () => {
      clearTimeout(retry)
      observer.disconnect()
      root.removeEventListener('animationend', follow)
      root.removeEventListener('transitionend', follow)
      doc.removeEventListener('pointerdown', acted, true)
      doc.removeEventListener('keydown', acted, true)
    }
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'style', 'class'] })
    follow()
    return stop
  }, [])
  return (
    <div ref={ref} className="foyer-screen-host">
      {children}
    </div>
  )
}

function Loading() {
  return (
    <div className="foyer-center">
      <Spinner />
    </div>
  )
}

function Broken({ title, detail }: { title: string; detail: string }) {
  return (
    <ScreenLayout title={title}>
      <ErrorText>{detail}</ErrorText>
    </ScreenLayout>
  )
}
