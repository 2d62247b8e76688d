import { computed, signal } from '@preact/signals-core'
import type { ModalState, ResolvedConfig, SessionState } from '../types.js'

/** The modal's resting state. */
export const closedModal: ModalState = { open: false, intent: null, stack: [], error: null, options: {} }

/** Creates the kernel's signals. The only place signals are made. */
export function createState() {
  const $config = signal<ResolvedConfig | null>(null)
  const $session = signal<SessionState>({ status: 'loading', user: null, accessToken: null, identityToken: null })
  const $modal = signal<ModalState>(closedModal)
  const $configLoaded = signal(false)
  const $ready = computed(() => $configLoaded.value && $session.value.status !== 'loading')
  return { $config, $session, $modal, $configLoaded, $ready }
}

/** The kernel's signals. */
export type FoyerState = ReturnType<typeof createState>
