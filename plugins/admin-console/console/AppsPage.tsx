import { useId, useState, type FormEvent } from 'react'
import { adminPaths, type AdminApp } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { ErrorText } from './ErrorText.js'
import { linesOf } from './entryDraft.js'
import { ReadOnlyNote } from './ReadOnlyNote.js'
import { useApps } from './useApps.js'
import { routeHref } from './useRoute.js'

/** The apps with their user counts, and (owners) a form to create one. */
export function AppsPage() {
  const { canWrite } = useAdmin()
  const apps = useApps()
  return (
    <>
      <h1>Apps</h1>
      <ReadOnlyNote />
      <ErrorText error={apps.error} />
      {apps.data && (
        <table className="fa-table">
          <caption className="fa-visually-hidden">Apps on this server</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">App id</th>
              <th scope="col">Source</th>
              <th scope="col">Users</th>
            </tr>
          </thead>
          <tbody>
            {apps.data.map((app) => (
              <tr key={app.id}>
                <td>
                  <a href={routeHref({ page: 'app', appId: app.id })}>{app.name}</a>
                </td>
                <td>
                  <code>{app.id}</code>
                </td>
                <td>{app.source === 'config' ? 'Config file' : 'Console'}</td>
                <td>{app.user_count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canWrite && <CreateApp />}
    </>
  )
}

function CreateApp() {
  const { call } = useAdmin()
  const nameId = useId()
  const originsId = useId()
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setError(null)
    try {
      const entry = { name: String(form.get('name') ?? '').trim(), allowed_origins: linesOf(String(form.get('origins') ?? '')), email_auth: true }
      const app = await call<AdminApp>('POST', adminPaths.apps, { entry })
      location.hash = routeHref({ page: 'app', appId: app.id })
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="fa-card" aria-labelledby="create-app-title">
      <h2 id="create-app-title">Create an app</h2>
      <form onSubmit={(e) => void submit(e)}>
        <div className="fa-field">
          <label htmlFor={nameId}>Name</label>
          <input id={nameId} name="name" required />
        </div>
        <div className="fa-field">
          <label htmlFor={originsId}>Allowed origins (one per line)</label>
          <textarea id={originsId} name="origins" rows={2} placeholder="https://app.example.com" />
        </div>
        <button type="submit" className="fa-button fa-primary" disabled={busy}>
          Create app
        </button>
        <ErrorText error={error} />
      </form>
    </section>
  )
}
