import { useEffect, useRef } from 'react'
import { useAdmin } from './AdminContext.js'
import { AppEditorPage } from './AppEditorPage.js'
import { AppsPage } from './AppsPage.js'
import type { GateFrameProps } from './GateFrame.js'
import { OperatorsPage } from './OperatorsPage.js'
import { OverviewPage } from './OverviewPage.js'
import { ThemeToggle } from './ThemeToggle.js'
import { routeHref, useRoute, type Route } from './useRoute.js'
import { UserDetailPage } from './UserDetailPage.js'
import { UsersPage } from './UsersPage.js'

const NAV: { label: string; route: Route; owner?: boolean }[] = [
  { label: 'Overview', route: { page: 'overview' } },
  { label: 'Apps', route: { page: 'apps' } },
  { label: 'Users', route: { page: 'users' } },
  { label: 'Operators', route: { page: 'operators' }, owner: true },
]
const section = (route: Route) => (route.page === 'app' ? 'apps' : route.page === 'user' ? 'users' : route.page)

/** The verified console: a skip link, the header, the navigation and the current page. */
export function ConsoleShell({ theme, toggleTheme, onSignOut }: GateFrameProps) {
  const { session, canWrite } = useAdmin()
  const route = useRoute()
  const main = useRef<HTMLElement>(null)
  // A page change moves focus to the page (screen readers hear the new heading), not at the first render.
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    main.current?.focus()
  }, [route])
  return (
    <>
      <a className="fa-skip" href="#main" onClick={(e) => (e.preventDefault(), main.current?.focus())}>
        Skip to content
      </a>
      <header className="fa-header">
        <span className="fa-brand">Foyer admin</span>
        <nav aria-label="Console">
          <ul className="fa-nav">
            {NAV.filter((item) => !item.owner || canWrite).map((item) => (
              <li key={item.label}>
                <a href={routeHref(item.route)} aria-current={section(route) === item.route.page ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="fa-header-actions">
          <span className="fa-muted" data-testid="operator">
            {session.operator.email ?? session.operator.user_id} ({session.operator.role})
          </span>
          <ThemeToggle theme={theme} toggle={toggleTheme} />
          {onSignOut && (
            <button type="button" className="fa-button" onClick={onSignOut}>
              Sign out
            </button>
          )}
        </div>
      </header>
      <main className="fa-main" id="main" ref={main} tabIndex={-1}>
        <Page route={route} owner={canWrite} />
      </main>
    </>
  )
}

function Page({ route, owner }: { route: Route; owner: boolean }) {
  switch (route.page) {
    case 'apps':
      return <AppsPage />
    case 'app':
      return <AppEditorPage key={route.appId} appId={route.appId} />
    case 'users':
      return <UsersPage />
    case 'user':
      return <UserDetailPage key={`${route.appId}/${route.userId}`} appId={route.appId} userId={route.userId} />
    case 'operators':
      return owner ? <OperatorsPage /> : <p>Only owners manage operators.</p>
    default:
      return <OverviewPage />
  }
}
