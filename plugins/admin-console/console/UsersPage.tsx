import { useId, useState, type FormEvent } from 'react'
import { adminPaths, type AdminUserPage } from '../adminApi.js'
import { accountLabel } from './accountLabel.js'
import { useAdmin } from './AdminContext.js'
import { AppSelect } from './AppSelect.js'
import { CursorPager, useCursorPages } from './CursorPager.js'
import { ErrorText } from './ErrorText.js'
import { formatTime } from './formatTime.js'
import { useApps } from './useApps.js'
import { useLoad } from './useLoad.js'
import { routeHref } from './useRoute.js'
import { useSelectedApp } from './useSelectedApp.js'

const PAGE_SIZE = 50

/** An app's users: a search (e-mail, phone, wallet, …) and pages of results. */
export function UsersPage() {
  const { call } = useAdmin()
  const apps = useApps()
  const searchId = useId()
  const [appId, setAppId] = useSelectedApp(apps.data)
  const [search, setSearch] = useState('')
  const pages = useCursorPages()
  const { cursor } = pages
  const page = useLoad(async () => {
    if (!appId) return null
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) })
    return call<AdminUserPage>('GET', `${adminPaths.users(appId)}?${query}`)
  }, `${appId}?${search}&${cursor}`)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim())
    pages.reset()
  }
  return (
    <>
      <h1>Users</h1>
      <ErrorText error={apps.error} />
      <div className="fa-toolbar">
        {apps.data && <AppSelect apps={apps.data} value={appId} onChange={(id) => (setAppId(id), pages.reset())} />}
        <div role="search">
          <form className="fa-inline-form" onSubmit={submit}>
            <div className="fa-field fa-inline">
              <label htmlFor={searchId}>Search users</label>
              <input id={searchId} name="search" type="search" defaultValue={search} placeholder="E-mail, phone, wallet, user id…" />
            </div>
            <button type="submit" className="fa-button">
              Search
            </button>
          </form>
        </div>
      </div>
      <ErrorText error={page.error} />
      {page.data && (
        <>
          <p role="status">{page.data.data.length === 0 ? 'No users found.' : `${page.data.data.length} users on this page${search ? ` matching “${search}”` : ''}.`}</p>
          {page.data.data.length > 0 && (
            <table className="fa-table" data-testid="users">
              <caption className="fa-visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Accounts</th>
                  <th scope="col">MFA</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {page.data.data.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <a href={routeHref({ page: 'user', appId, userId: user.id })}>{user.id}</a>
                      {user.is_guest && <span className="fa-muted"> (guest)</span>}
                    </td>
                    <td>{user.linked_accounts.map(accountLabel).join(', ') || '—'}</td>
                    <td>{user.mfa_methods.map((m) => m.type).join(', ') || '—'}</td>
                    <td>{formatTime(user.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <CursorPager pages={pages} nextCursor={page.data.next_cursor} labels={['Previous page', 'Next page']} />
        </>
      )}
    </>
  )
}
