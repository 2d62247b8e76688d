'use client'
import { useFoyer } from 'foyer'

export function Account() {
  const { ready, authenticated, user, login, logout } = useFoyer()
  if (!ready) return <p data-testid="loading">Loading…</p>
  return authenticated ? (
    <p data-testid="signed-in">
      <span data-testid="user-email">{user?.email?.address}</span> <span data-testid="user-id">{user?.id}</span>{' '}
      <button onClick={() => logout()}>Log out</button>
    </p>
  ) : (
    <button onClick={() => login()}>Log in</button>
  )
}
