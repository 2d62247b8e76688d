import { useMemo, useRef } from 'react'
import { logout } from '../../core/client/actions/logout.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Logs out: destroys the server session when possible and always clears local state. */
export function useLogout(callbacks: { onSuccess?: () => void } = {}): { logout: () => Promise<void> } {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  return useMemo(
    () => ({
      logout: async () => {
        if (await logout(foyer)) latest.current.onSuccess?.()
      },
    }),
    [foyer],
  )
}
