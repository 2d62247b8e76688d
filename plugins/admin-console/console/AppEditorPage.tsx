import { useEffect, useState } from 'react'
import { ADMIN_APP_ID, adminPaths, type AdminApp } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { AppEntryForm } from './AppEntryForm.js'
import { AppSecretsPanel } from './AppSecretsPanel.js'
import { AdminApiError } from './adminFetch.js'
import { DeleteAppButton } from './DeleteAppButton.js'
import { ErrorText } from './ErrorText.js'
import type { Entry } from './entryDraft.js'
import { ReadOnlyNote } from './ReadOnlyNote.js'
import { useLoad } from './useLoad.js'
import { routeHref } from './useRoute.js'
import { WebhooksPanel } from './WebhooksPanel.js'

/** One app: its entry (form and raw JSON), saved with the revision it was read at; its secrets and webhooks. */
export function AppEditorPage({ appId }: { appId: string }) {
  const { call } = useAdmin()
  const app = useLoad(() => call<AdminApp>('GET', adminPaths.app(appId)), appId)
  const [draft, setDraft] = useState<Entry | null>(null)
  const [saveError, setSaveError] = useState<unknown>(null)
  const [saved, setSaved] = useState(false)
  useEffect(() => {
    if (app.data) setDraft(app.data.entry)
  }, [app.data])
  const save = async () => {
    if (!app.data || !draft) return
    setSaveError(null)
    setSaved(false)
    try {
      await call<AdminApp>('POST', adminPaths.app(appId), { entry: draft, revision: app.data.revision })
      setSaved(true)
      app.reload()
    } catch (e) {
      setSaveError(e)
    }
  }
  const stale = saveError instanceof AdminApiError && saveError.code === 'app_changed'
  return (
    <>
      <p>
        <a href={routeHref({ page: 'apps' })}>← Apps</a>
      </p>
      <h1>{app.data ? app.data.name : 'App'}</h1>
      <ReadOnlyNote />
      <ErrorText error={app.error} />
      {app.data && draft && (
        <>
          <p className="fa-muted">
            <code>{app.data.id}</code> · {app.data.source === 'config' ? 'from the config file' : 'created in the console'} · revision {app.data.revision} · {app.data.user_count} users
          </p>
          <AppEntryForm entry={draft} onChange={(entry) => (setSaved(false), setDraft(entry))} onSave={() => void save()} />
          <ErrorText error={saveError} />
          {stale && (
            <button type="button" className="fa-button" onClick={() => (setSaveError(null), app.reload())}>
              Reload the app
            </button>
          )}
          <p role="status" className="fa-success">
            {saved ? 'Saved. The app uses the new settings from now on.' : ''}
          </p>
          <AppSecretsPanel appId={appId} />
          <WebhooksPanel appId={appId} />
          {appId !== ADMIN_APP_ID && <DeleteAppButton app={app.data} />}
        </>
      )}
    </>
  )
}
