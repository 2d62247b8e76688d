import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState, type ComponentType } from 'react'
import type { Foyer } from '../../core/client/types.js'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'

type ModalModule = { Modal: ComponentType; preloadScreens(foyer: Foyer): Promise<void>; uiTexts: Readonly<Record<string, string>> }

let modalModule: ModalModule | null = null
let modalLoad: Promise<ModalModule> | null = null

/** Loads the dialog's code (a lazy chunk, so the host's initial JS stays small); one load per page. */
function loadModal(): Promise<ModalModule> {
  modalLoad ??= import('./Modal.js').then(
    (m) => (modalModule = m),
    (error) => {
      modalLoad = null
      throw error
    },
  )
  return modalLoad
}

/**
 * Mounts the modal. Its code starts loading when the provider mounts, beside the app config's fetch (server and network
 * time, while the page's thread is idle), and the screens it opens on (those of the methods the config enables) as soon
 * as the kernel is `ready`, so a click renders the first screen at once: no Suspense fallback, which React 19 would keep
 * on screen for at least 300 ms. Opening before that still works: the modal then appears when its code arrives.
 */
export function ModalMount() {
  useSignals()
  const foyer = useFoyerKernel()
  const open = useComputed(() => foyer.$modal.value.open).value
  const ready = foyer.$ready.value
  const [module, setModule] = useState<ModalModule | null>(modalModule)

  // Loads the code (again, if a first load failed) and shows the modal once it is there; `preload` also loads the
  // screens it opens on, which needs the app's config (ready).
  const load = (preload: boolean, isLive: () => boolean) =>
    loadModal()
      .then((m) => {
        // The screens' English comes with their code, so the host's initial JS doesn't carry it.
        foyer.addDefaultTexts(m.uiTexts)
        if (isLive()) setModule(m)
        return preload ? m.preloadScreens(foyer) : undefined
      })
      .catch(() => {})

  useEffect(() => {
    let live = true
    void load(false, () => live)
    return () => {
      live = false
    }
  }, [foyer])

  useEffect(() => {
    if (!ready && !open) return
    let live = true
    void load(true, () => live)
    return () => {
      live = false
    }
  }, [ready, open, foyer])

  if (!module) return null
  const { Modal } = module
  return <Modal />
}
