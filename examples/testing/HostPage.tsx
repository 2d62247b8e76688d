import { useFoyer } from 'foyer'

/** A host app's page: its own 'Log in' button (the Foyer modal), and who is signed in. */
export function HostPage() {
  const { ready, authenticated, user, login, logout } = useFoyer()
  if (!ready) return <p>Loading…</p>
  if (!authenticated || !user) {
    return (
      <button type="button" onClick={() => login()}>
        Log in
      </button>
    )
  }
  return (
    <p data-testid="signed-in" data-user-id={user.id}>
      Signed in as {user.email?.address ?? user.id}{' '}
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
    </p>
  )
}
