import { useId, useState, type FormEvent } from 'react'
import { adminPaths, type AdminWebhookEndpoint } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { DeliveriesList } from './DeliveriesList.js'
import { ErrorText } from './ErrorText.js'
import { linesOf } from './entryDraft.js'
import { formatTime } from './formatTime.js'
import { listOf } from './listOf.js'
import { useLoad } from './useLoad.js'

/** The app's webhook endpoints: list, add (URL and events), disable, each one's deliveries. */
export function WebhooksPanel({ appId }: { appId: string }) {
  const { call, canWrite } = useAdmin()
  const urlId = useId()
  const eventsId = useId()
  const hooks = useLoad(async () => {
    const body = await call<unknown>('GET', adminPaths.webhooks(appId))
    return { enabled: (body as { enabled?: unknown } | null)?.enabled !== false, endpoints: listOf<AdminWebhookEndpoint>(body) }
  }, appId)
  const [error, setError] = useState<unknown>(null)
  const [disabling, setDisabling] = useState<AdminWebhookEndpoint | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const formEl = event.currentTarget
    const form = new FormData(formEl)
    const events = linesOf(String(form.get('events') ?? '').replace(/,/g, '\n'))
    setError(null)
    try {
      await call('POST', adminPaths.webhooks(appId), { url: String(form.get('url') ?? '').trim(), ...(events.length ? { events } : {}) })
      formEl.reset()
      hooks.reload()
    } catch (e) {
      setError(e)
    }
  }
  return (
    <section className="fa-card" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <ErrorText error={hooks.error} />
      {hooks.data && !hooks.data.enabled && <p>This server runs without the webhooks plugin.</p>}
      {hooks.data?.enabled && hooks.data.endpoints.length === 0 && <p>No endpoints yet.</p>}
      {hooks.data?.enabled && hooks.data.endpoints.length > 0 && (
        <ul className="fa-list">
          {hooks.data.endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <div className="fa-row">
                <code>{endpoint.url}</code>
                <span className="fa-muted">
                  {endpoint.events?.join(', ') ?? 'all events'} · {endpoint.disabled_at ? `disabled ${formatTime(endpoint.disabled_at)}` : 'active'}
                </span>
                <button type="button" className="fa-button" aria-expanded={open === endpoint.id} onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}>
                  Deliveries <span className="fa-visually-hidden">of {endpoint.url}</span>
                </button>
                {canWrite && !endpoint.disabled_at && (
                  <button type="button" className="fa-button fa-danger" onClick={() => setDisabling(endpoint)}>
                    Disable <span className="fa-visually-hidden">{endpoint.url}</span>
                  </button>
                )}
              </div>
              {open === endpoint.id && <DeliveriesList appId={appId} endpointId={endpoint.id} />}
            </li>
          ))}
        </ul>
      )}
      {canWrite && hooks.data?.enabled && (
        <form onSubmit={(e) => void add(e)}>
          <div className="fa-field">
            <label htmlFor={urlId}>Endpoint URL</label>
            <input id={urlId} name="url" type="url" required placeholder="https://api.example.com/foyer-webhooks" />
          </div>
          <div className="fa-field">
            <label htmlFor={eventsId}>Events (comma or line separated; empty: all)</label>
            <textarea id={eventsId} name="events" rows={2} placeholder="user.created, user.authenticated" />
          </div>
          <button type="submit" className="fa-button">
            Add endpoint
          </button>
        </form>
      )}
      <ErrorText error={error} />
      {disabling && (
        <ConfirmDialog
          title="Disable this endpoint?"
          confirmLabel="Disable endpoint"
          onClose={() => setDisabling(null)}
          onConfirm={async () => {
            await call('DELETE', adminPaths.webhook(appId, disabling.id))
            hooks.reload()
          }}
        >
          <p>
            <code>{disabling.url}</code> gets no more events.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}
