import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { FoyerProvider, useFoyer, type User } from 'foyer'
import { email, useLoginWithEmail } from 'foyer/plugins/email'

const plugins = [email()]

/** The signed-in user's address, typed through the package's own `User`. */
const addressOf = (user: User | null): string => user?.email?.address ?? ''

function Account() {
  const { ready, authenticated, user, login, logout } = useFoyer()
  // The plugin's headless hook, so the host's type check covers a plugin entry's types too.
  const { state } = useLoginWithEmail()
  if (!ready) return <p data-testid="loading">Loading…</p>
  return authenticated ? (
    <p data-testid="signed-in">
      <span data-testid="user-email">{addressOf(user)}</span> <button onClick={() => logout()}>Log out</button>
    </p>
  ) : (
    <button data-status={state.status} onClick={() => login()}>
      Log in
    </button>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider appId={import.meta.env.VITE_FOYER_APP_ID} apiUrl={import.meta.env.VITE_FOYER_API_URL} plugins={plugins}>
      <Account />
    </FoyerProvider>
  </StrictMode>,
)
