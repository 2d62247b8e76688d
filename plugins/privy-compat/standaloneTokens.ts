import { useEffect } from 'react'
import { getAccessToken as kernelAccessToken } from '../../core/client/actions/getAccessToken.js'
import type { Foyer } from '../../core/client/types.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'

// The kernel of the mounted PrivyProvider, for the token getters code outside React calls (Privy's are module
// functions too, working once its provider has mounted). The last provider mounted wins; unmounting clears it.
let mounted: Foyer | null = null

/** Registers the provider's kernel for getAccessToken / getIdentityToken while it is mounted. */
export function StandaloneTokens(): null {
  const foyer = useFoyerKernel()
  useEffect(() => {
    mounted = foyer
    return () => {
      if (mounted === foyer) mounted = null
    }
  }, [foyer])
  return null
}

/** A valid access token of the signed-in user (refreshed when expiring), or null (no user, or no PrivyProvider mounted). */
export async function getAccessToken(): Promise<string | null> {
  return mounted ? kernelAccessToken(mounted) : null
}

/** The signed-in user's identity token, or null (no user, or no PrivyProvider mounted). */
export async function getIdentityToken(): Promise<string | null> {
  return mounted ? mounted.session.getIdentityToken() : null
}
