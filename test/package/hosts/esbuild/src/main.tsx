import { createRoot } from 'react-dom/client'
import { FoyerProvider, useFoyer } from 'foyer'
import { email } from 'foyer/plugins/email'

// Set at bundle time with esbuild's --define.
declare const FOYER_APP_ID: string
declare const FOYER_API_URL: string

const plugins = [email()]

function Account() {
  const { ready, authenticated, user, login, logout } = useFoyer()
  if (!ready) return <p data-testid="loading">Loading…</p>
  return authenticated ? (
    <p data-testid="signed-in">
      <span data-testid="user-email">{user?.email?.address}</span> <button onClick={() => logout()}>Log out</button>
    </p>
  ) : (
    <button onClick={() => login()}>Log in</button>
  )
}

createRoot(document.getElementById('root')!).render(
  <FoyerProvider appId={FOYER_APP_ID} apiUrl={FOYER_API_URL} plugins={plugins}>
    <Account />
  </FoyerProvider>,
)
