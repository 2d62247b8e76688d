import { useId, useState, type FormEvent } from 'react'
import { adminPaths, type AdminAppSecret } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { CopyButton } from './CopyButton.js'
import { ErrorText } from './ErrorText.js'
import { formatTime } from './formatTime.js'
import { listOf } from './listOf.js'
import { useLoad } from './useLoad.js'

/** The secret a create answers (once): the `secret` field, else the first string that looks like one. */
export function secretOfAnswer(answer: unknown): string | null {
  const body = (answer ?? {}) as Record<string, unknown>
  if (typeof body.secret === 'string') return body.secret
  const found = Object.values(body).find((value) => typeof value === 'string' && value.startsWith('foyer_sk_'))
  return typeof found === 'string' ? found : null
}

/** The app's secrets (the management API's credentials): by prefix; create (shown once), revoke. */
export function AppSecretsPanel({ appId }: { appId: string }) {
  const { call, canWrite } = useAdmin()
  const labelId = useId()
  const secrets = useLoad(async () => listOf<AdminAppSecret>(await call('GET', adminPaths.appSecrets(appId))), appId)
  const [created, setCreated] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [revoking, setRevoking] = useState<AdminAppSecret | null>(null)
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const label = String(new FormData(event.currentTarget).get('label') ?? '').trim()
    setError(null)
    try {
      setCreated(secretOfAnswer(await call('POST', adminPaths.appSecrets(appId), label ? { label } : {})))
      secrets.reload()
    } catch (e) {
      setError(e)
    }
  }
  return (
    <section className="fa-card" aria-labelledby="secrets-title">
      <h2 id="secrets-title">App secrets</h2>
      <p className="fa-muted">For the management API and the foyer/node SDK (HTTP Basic with the app id).</p>
      <ErrorText error={secrets.error} />
      {secrets.data && secrets.data.length === 0 && <p>No secrets yet.</p>}
      {secrets.data && secrets.data.length > 0 && (
        <table className="fa-table">
          <caption className="fa-visually-hidden">App secrets</caption>
          <thead>
            <tr>
              <th scope="col">Prefix</th>
              <th scope="col">Label</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {secrets.data.map((secret) => (
              <tr key={secret.id}>
                <td>
                  <code>{secret.prefix}…</code>
                </td>
                <td>{secret.label ?? '—'}</td>
                <td>{formatTime(secret.created_at)}</td>
                <td>{formatTime(secret.last_used_at)}</td>
                <td>
                  {secret.revoked_at ? (
                    `Revoked ${formatTime(secret.revoked_at)}`
                  ) : canWrite ? (
                    <button type="button" className="fa-button fa-danger" onClick={() => setRevoking(secret)}>
                      Revoke <span className="fa-visually-hidden">{secret.prefix}</span>
                    </button>
                  ) : (
                    'Active'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {created && (
        <div className="fa-secret" role="status">
          <p>
            <strong>Copy this secret now: it is not shown again.</strong>
          </p>
          <code data-testid="new-secret">{created}</code> <CopyButton text={created} />
        </div>
      )}
      {canWrite && (
        <form className="fa-inline-form" onSubmit={(e) => void create(e)}>
          <div className="fa-field fa-inline">
            <label htmlFor={labelId}>Label (optional)</label>
            <input id={labelId} name="label" />
          </div>
          <button type="submit" className="fa-button">
            Create secret
          </button>
        </form>
      )}
      <ErrorText error={error} />
      {revoking && (
        <ConfirmDialog
          title="Revoke this secret?"
          confirmLabel="Revoke secret"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await call('DELETE', adminPaths.appSecret(appId, revoking.id))
            secrets.reload()
          }}
        >
          <p>
            Calls made with <code>{revoking.prefix}…</code> fail from now on.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}
