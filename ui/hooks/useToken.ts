import { useMemo } from 'react'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Token getters: a valid access token (refreshed when expiring) and the identity token. */
export function useToken(): { getAccessToken: () => Promise<string | null>; getIdentityToken: () => Promise<string | null> } {
  const foyer = useFoyerKernel()
  return useMemo(
    () => ({ getAccessToken: () => foyer.session.getAccessToken(), getIdentityToken: () => foyer.session.getIdentityToken() }),
    [foyer],
  )
}
