import { useFoyer } from 'foyer'

/** The top bar: the product's mark and, when signed in, 'Log out'. */
export function Header() {
  const { ready, authenticated, logout } = useFoyer()
  return (
    <header className="topbar">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <span className="brand">
        <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="9" fill="var(--accent)" />
          <path d="M10 25V13a6 6 0 0 1 12 0v12" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
          <circle cx="19" cy="19" r="1.6" fill="#fff" />
        </svg>
        <span className="brand-name">Foyer</span>
        <span className="brand-tag">{import.meta.env.VITE_FOYER_APP_TAG || 'demo'}</span>
      </span>
      {ready && authenticated ? (
        <button type="button" className="btn btn-ghost" onClick={() => void logout()}>
          Log out
        </button>
      ) : null}
    </header>
  )
}
