import { useSignals } from '@preact/signals-react/runtime'
import { useMemo } from 'react'
import type { LoginOptions } from '../../core/client/types.js'
import type { User } from '../../core/protocol/index.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** What useFoyer returns. */
export interface UseFoyerReturnType {
  /** true once the app config and the session restore have answered; nothing acts before. */
  ready: boolean
  authenticated: boolean
  user: User | null
  /** Opens the login modal (no-op before `ready`). */
  login: (options?: LoginOptions) => void
  logout: () => Promise<void>
  getAccessToken: () => Promise<string | null>
}

/** The aggregate hook (Privy's `usePrivy` shape): state plus the main actions. */
export function useFoyer(): UseFoyerReturnType {
  useSignals()
  const foyer = useFoyerKernel()
  const ready = foyer.$ready.value
  const session = foyer.$session.value
  const actions = useMemo(
    () => ({
      login: (options?: LoginOptions) => {
        if (!foyer.$ready.peek()) return
        foyer.modal.open({ intent: 'login', ...(options ? { login: options } : {}) })
      },
      logout: async () => {
        if (!foyer.$ready.peek()) return
        await foyer.session.logout()
      },
      getAccessToken: () => foyer.session.getAccessToken(),
    }),
    [foyer],
  )
  return { ready, authenticated: session.status === 'authenticated', user: session.user, ...actions }
}
