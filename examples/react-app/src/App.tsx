import { useFoyer, useLogin } from 'foyer'

/** The host page: a 'Log in' button, then the user's e-mail, linked accounts and 'Log out'. */
export function App() {
  const { ready, authenticated, user, logout } = useFoyer()
  const { login } = useLogin({
    onComplete: ({ isNewUser }) => console.info(isNewUser ? 'Signed up' : 'Signed in'),
    onError: (code) => console.info('Login ended:', code),
  })

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '64px auto', padding: '0 16px' }}>
      <h1>Foyer example</h1>
      {!ready ? (
        <p data-testid="loading">Loading…</p>
      ) : authenticated && user ? (
        <section data-testid="signed-in">
          <p>
            Signed in as <strong data-testid="user-email">{user.email?.address ?? user.id}</strong>
          </p>
          <h2>Linked accounts</h2>
          <ul data-testid="linked-accounts">
            {user.linkedAccounts.map((account, i) => (
              <li key={i}>
                {account.type}: {String(account.address ?? account.subject ?? '')}
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => void logout()}>
            Log out
          </button>
        </section>
      ) : (
        <button type="button" onClick={() => login()}>
          Log in
        </button>
      )}
    </main>
  )
}
