import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useMemo } from 'react'
import type { User } from '../../core/protocol/index.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** The current user (null when logged out) and a way to re-read it from the server. */
export function useUser(): { user: User | null; refreshUser: () => Promise<User | null> } {
  useSignals()
  const foyer = useFoyerKernel()
  // Subscribes to the user only, not to token refreshes.
  const user = useComputed(() => foyer.$session.value.user).value
  const refreshUser = useMemo(() => () => foyer.session.refreshUser(), [foyer])
  return { user, refreshUser }
}
