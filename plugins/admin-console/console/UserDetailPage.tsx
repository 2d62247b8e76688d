import { useState } from 'react'
import { adminPaths, type AdminUserDetail } from '../adminApi.js'
import { accountLabel } from './accountLabel.js'
import { useAdmin } from './AdminContext.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { ErrorText } from './ErrorText.js'
import { formatTime } from './formatTime.js'
import { ReadOnlyNote } from './ReadOnlyNote.js'
import { useLoad } from './useLoad.js'
import { routeHref } from './useRoute.js'

/** One user: linked accounts, wallets, sessions, MFA methods, audit trail; revoke their sessions, delete them. */
export function UserDetailPage({ appId, userId }: { appId: string; userId: string }) {
  const { call, canWrite } = useAdmin()
  const detail = useLoad(() => call<AdminUserDetail>('GET', adminPaths.user(appId, userId)), `${appId}/${userId}`)
  const [dialog, setDialog] = useState<'revoke' | 'delete' | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const d = detail.data
  const active = d?.sessions.filter((s) => !s.revoked_at && s.expires_at * 1000 > Date.now()) ?? []
  return (
    <>
      <p>
        <a href={routeHref({ page: 'users' })}>← Users</a>
      </p>
      <h1>User {userId}</h1>
      <ReadOnlyNote />
      <ErrorText error={detail.error} />
      <p role="status" className="fa-success">
        {done ?? ''}
      </p>
      {d && (
        <>
          <p className="fa-muted">
            App <code>{appId}</code> · created {formatTime(d.user.created_at)}
            {d.user.is_guest ? ' · guest' : ''}
          </p>
          {canWrite && (
            <div className="fa-actions">
              <button type="button" className="fa-button" onClick={() => setDialog('revoke')}>
                Revoke sessions
              </button>
              <button type="button" className="fa-button fa-danger" onClick={() => setDialog('delete')}>
                Delete user
              </button>
            </div>
          )}
          <section className="fa-card" aria-labelledby="accounts-title">
            <h2 id="accounts-title">Linked accounts</h2>
            <ul className="fa-list" data-testid="linked-accounts">
              {d.user.linked_accounts.map((account, i) => (
                <li key={i}>{accountLabel(account)}</li>
              ))}
            </ul>
          </section>
          <section className="fa-card" aria-labelledby="wallets-title">
            <h2 id="wallets-title">Wallets</h2>
            {d.wallets.length === 0 ? (
              <p>No embedded wallets.</p>
            ) : (
              <ul className="fa-list">
                {d.wallets.map((wallet) => (
                  <li key={wallet.address}>
                    <code>{wallet.address}</code> <span className="fa-muted">({wallet.chain_type}{wallet.recovery_method ? `, recovery: ${wallet.recovery_method}` : ''})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="fa-card" aria-labelledby="mfa-title">
            <h2 id="mfa-title">MFA methods</h2>
            <p>{d.user.mfa_methods.map((m) => m.type).join(', ') || 'None'}</p>
          </section>
          <section className="fa-card" aria-labelledby="sessions-title">
            <h2 id="sessions-title">Sessions</h2>
            <p data-testid="active-sessions">{active.length} active</p>
            {d.sessions.length > 0 && (
              <table className="fa-table">
                <caption className="fa-visually-hidden">Sessions</caption>
                <thead>
                  <tr>
                    <th scope="col">Created</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Revoked</th>
                  </tr>
                </thead>
                <tbody>
                  {d.sessions.map((session) => (
                    <tr key={session.id}>
                      <td>{formatTime(session.created_at)}</td>
                      <td>{formatTime(session.expires_at)}</td>
                      <td>{formatTime(session.revoked_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="fa-card" aria-labelledby="audit-title">
            <h2 id="audit-title">Audit trail</h2>
            {d.audit.length === 0 ? (
              <p>Nothing recorded.</p>
            ) : (
              <table className="fa-table">
                <caption className="fa-visually-hidden">Audit trail, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Event</th>
                    <th scope="col">By</th>
                    <th scope="col">IP</th>
                  </tr>
                </thead>
                <tbody>
                  {d.audit.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatTime(entry.at)}</td>
                      <td>{entry.event}</td>
                      <td>{entry.actor}</td>
                      <td>{entry.ip ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
      {dialog === 'revoke' && (
        <ConfirmDialog
          title="Revoke every session of this user?"
          confirmLabel="Revoke sessions"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await call('POST', adminPaths.userSessionsRevoke(appId, userId))
            setDone('Sessions revoked: the user must sign in again.')
            detail.reload()
          }}
        >
          <p>They are signed out everywhere and must sign in again.</p>
        </ConfirmDialog>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete this user?"
          confirmLabel="Delete user"
          typed={userId}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await call('DELETE', adminPaths.user(appId, userId))
            location.hash = routeHref({ page: 'users' })
          }}
        >
          <p>Their accounts and sessions are deleted. This can't be undone.</p>
        </ConfirmDialog>
      )}
    </>
  )
}
