import type { User } from 'foyer'
import { CodeSnippet } from './CodeSnippet.js'
import { snippets } from './snippets.js'

/** The handle a person recognises first: e-mail, phone, wallet, a social account, else what kind of user this is. */
function primaryHandle(user: User): string {
  if (user.email) return user.email.address
  const first = (type: (t: string) => boolean, field: string) => {
    const value = user.linkedAccounts.find((a) => type(a.type))?.[field]
    return typeof value === 'string' && value ? value : null
  }
  return (
    first((t) => t === 'phone', 'number') ??
    first((t) => t === 'wallet', 'address') ??
    first((t) => t.endsWith('_oauth'), 'email') ??
    first((t) => t.endsWith('_oauth'), 'username') ??
    first((t) => t === 'telegram' || t === 'farcaster', 'username') ??
    (user.isGuest ? 'Guest user' : 'Signed-in user')
  )
}

/** A long e-mail wraps at its '@' rather than mid-word (<wbr> adds no text). */
function breakable(handle: string) {
  const at = handle.lastIndexOf('@')
  if (at <= 0) return handle
  return (
    <>
      {handle.slice(0, at)}
      <wbr />
      {handle.slice(at)}
    </>
  )
}

/** The user: primary handle, guest badge, id and creation date (useUser). */
export function UserCard({ user }: { user: User }) {
  const handle = primaryHandle(user)
  const created = new Date(user.createdAt * 1000)
  return (
    <section className="card user-card" aria-labelledby="user-title">
      <h2 id="user-title">User</h2>
      <div className="user-head">
        <span className="avatar" aria-hidden="true">
          {handle.slice(0, 1).toUpperCase()}
        </span>
        <p className="handle">
          {/* The test id marks an e-mail handle: the e2e suite reads the signed-in address from it. */}
          <span className="handle-text" data-testid={user.email ? 'user-email' : 'user-handle'}>
            {breakable(handle)}
          </span>
          {user.isGuest ? (
            <span className="badge badge-guest" data-testid="user-guest">
              Guest
            </span>
          ) : null}
        </p>
      </div>
      <dl className="facts">
        <div>
          <dt>User id</dt>
          <dd>
            <code className="mono" data-testid="user-id">
              {user.id}
            </code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={created.toISOString()}>{created.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </dd>
        </div>
        <div>
          <dt>Linked accounts</dt>
          <dd>{user.linkedAccounts.length}</dd>
        </div>
      </dl>
      <CodeSnippet title="useUser" code={snippets.user(user)} />
    </section>
  )
}
