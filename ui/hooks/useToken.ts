import { useMemo } from 'react'
import { getAccessToken } from '../../core/client/actions/getAccessToken.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Token getters: a valid access token (refreshed when expiring) and the identity token. */
export function useToken(): { getAccessToken: () => Promise<string | null>; getIdentityToken: () => Promise<string | null> } {
  const foyer = useFoyerKernel()
  return useMemo(
    () => ({ getAccessToken: () => getAccessToken(foyer), getIdentityToken: () => foyer.session.getIdentityToken() }),
    [foyer],
  )
}
