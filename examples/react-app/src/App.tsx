import { useFoyer } from 'foyer'
import { Dashboard } from './Dashboard.js'
import { Header } from './Header.js'
import { Landing } from './Landing.js'

/** The host page inside FoyerProvider: the top bar, then the signed-out landing or the signed-in dashboard. */
export function App() {
  const { ready, authenticated, user } = useFoyer()
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
