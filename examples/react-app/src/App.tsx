import { useFoyer } from 'foyer'
import { CrossAppProviderPages, isCrossAppProviderPath } from 'foyer/plugins/cross-app'
import { Dashboard } from './Dashboard.js'
import { Header } from './Header.js'
import { Landing } from './Landing.js'

/** The host page inside FoyerProvider: the top bar, then the signed-out landing or the signed-in dashboard. */
export function App() {
  const { ready, authenticated, user } = useFoyer()
  // This app as a cross-app provider: the popup pages another app opens on this site.
  if (isCrossAppProviderPath(location.pathname)) return <CrossAppProviderPages />
  return (
    <>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        {!ready ? (
          <p className="loading" role="status" data-testid="loading">
            Loading…
          </p>
        ) : authenticated && user ? (
          <Dashboard user={user} />
        ) : (
          <Landing />
        )}
      </main>
    </>
  )
}
