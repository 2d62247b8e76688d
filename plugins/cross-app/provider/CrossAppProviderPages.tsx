import { lazy, Suspense } from 'react'
import { crossAppPages } from '../schema.js'

const AuthorizePage = lazy(() => import('./AuthorizePage.js'))
const TransactPage = lazy(() => import('./TransactPage.js'))

/** Whether the page is one of the provider pages (/oauth/authorize, /oauth/transact) a provider's host site renders. */
export const isCrossAppProviderPath = (pathname: string) => pathname === crossAppPages.authorize || pathname === crossAppPages.transact

/**
 * The provider's pages, rendered by a provider app's host site inside its FoyerProvider on /oauth/authorize and
 * /oauth/transact (`isCrossAppProviderPath(location.pathname)`): the user signs in with the app's own modal and its
 * embedded wallet signs on the app's own screens; answers go to the requester's registered origin only.
 */
export function CrossAppProviderPages({ pathname = location.pathname }: { pathname?: string }) {
  // Consent and approvals happen in a top-level popup only: a framed copy could be overlaid (clickjacking).
  if (window.top !== window.self) return null
  return (
    <Suspense fallback={<p role="status">…</p>}>
      {pathname === crossAppPages.transact ? <TransactPage /> : <AuthorizePage />}
    </Suspense>
  )
}
