import { useState } from 'react'
import { useFoyerKernel, useLinkAccount, useUnlinkAccount, useUpdateEmail, useUpdatePhone, type User } from 'foyer'
import { CodeSnippet } from './CodeSnippet.js'
import { linkedAccountView } from './linkedAccountView.js'
import { MethodIcon } from './MethodIcon.js'
import { serverEnabledMethods, type MethodInfo } from './serverEnabledMethods.js'
import { snippets } from './snippets.js'

/**
 * Linked accounts: each with 'Unlink' (useUnlinkAccount, asked once more in the row before anything goes) and, for e-mail and phone, 'Update' (useUpdateEmail /
 * useUpdatePhone); linking (useLinkAccount) offers only the methods the server has on.
 */
export function LinkedAccounts({ user }: { user: User }) {
  const foyer = useFoyerKernel()
  const [message, setMessage] = useState<string | null>(null)
  // The row whose 'Unlink' was clicked: it asks before unlinking (a sign-in method is not one click away from gone).
  const [confirming, setConfirming] = useState<string | null>(null)
  const onSuccess = ({ linkMethod }: { linkMethod: string }) => setMessage(`Done: ${linkMethod}`)
  const onError = (code: string) => console.info('Account flow ended:', code)
  const { linkEmail, linkPhone, link } = useLinkAccount({ onSuccess, onError })
  const { updateEmail } = useUpdateEmail({ onSuccess, onError })
  const { updatePhone } = useUpdatePhone({ onSuccess, onError })
  const { unlink } = useUnlinkAccount()
  // Errors (the server's text, e.g. the last login method can't go) show on the page.
  const run = (action: () => Promise<unknown>) => {
    setMessage(null)
    action().catch((error) => setMessage(error?.shortMessage ?? error?.message ?? String(error)))
  }

  const linkMethods = serverEnabledMethods(foyer).link
  const on = (id: string) => linkMethods.some((m) => m.id === id)
  const unlinkable = foyer.accounts.methods().unlink
  const iconFor = (loginMethod: string) => foyer.registry.entries.find((e) => e.loginMethod === loginMethod)?.meta.icon

  return (
    <section className="card card-wide" aria-labelledby="accounts-title">
      <h2 id="accounts-title">Linked accounts</h2>
      <div data-testid="unlink-accounts">
        <ul className="account-list" data-testid="linked-accounts">
          {user.linkedAccounts.map((account, i) => {
            const view = linkedAccountView(account)
            const canUnlink = view.unlink !== null && unlinkable.includes(view.unlink[0])
            const key = `${account.type}:${view.label}:${i}`
            return (
              <li key={key} className="account-row" data-testid={`account-${account.type}`}>
                <MethodIcon icon={iconFor(view.loginMethod)} name={account.type} />
                <div className="account-main">
                  <span className="account-id">
                    <code className="tag">{account.type}</code>
                    <span className="sr-only">: </span>
                    <span className="mono">{view.label}</span>
                  </span>{' '}
                  {view.detail ? <span className="account-detail">{view.detail}</span> : null}
                </div>
                <div className="row-actions">
                  {account.type === 'email' && on('email') ? (
                    <button type="button" className="btn btn-small" data-testid="update-email" onClick={() => run(updateEmail)}>
                      Update
                    </button>
                  ) : null}
                  {account.type === 'phone' && on('phone') ? (
                    <button type="button" className="btn btn-small" data-testid="update-phone" onClick={() => run(updatePhone)}>
                      Update
                    </button>
                  ) : null}
                  {canUnlink && confirming === key ? (
                    <span className="unlink-confirm" role="group" aria-label={`Unlink ${account.type} ${view.label}?`.trim()} data-testid={`unlink-confirm-${account.type}`}>
                      <span className="account-detail">Unlink {view.label || account.type}?</span>
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        data-testid={`confirm-unlink-${account.type}`}
                        onClick={() => {
                          setConfirming(null)
                          run(() => unlink(...view.unlink!))
                        }}
                      >
                        Yes, unlink
                      </button>
                      <button type="button" className="btn btn-small" data-testid={`cancel-unlink-${account.type}`} onClick={() => setConfirming(null)}>
                        Cancel
                      </button>
                    </span>
                  ) : canUnlink ? (
                    <button
                      type="button"
                      className="btn btn-small btn-danger"
                      data-testid={`unlink-${account.type}`}
                      aria-label={`Unlink ${account.type} ${view.label}`.trim()}
                      onClick={() => setConfirming(key)}
                    >
                      Unlink
                    </button>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      </div>
      <div className="link-controls">
        {on('email') && !user.email ? (
          <button type="button" className="btn btn-secondary" data-testid="link-email" onClick={() => run(linkEmail)}>
            Link email
          </button>
        ) : null}
        {on('phone') && !user.phone ? (
          <button type="button" className="btn btn-secondary" data-testid="link-phone" onClick={() => run(linkPhone)}>
            Link phone
          </button>
        ) : null}
        {linkMethods.length > 0 ? <LinkMenu methods={linkMethods} onLink={(method) => run(() => link(method))} /> : null}
      </div>
      <div role="status" className="inline-status">
        {message ? <p data-testid="account-message">{message}</p> : null}
      </div>
      <CodeSnippet title="useLinkAccount, useUnlinkAccount, useUpdateEmail" code={snippets.accounts({ linkMethods: linkMethods.map((m) => m.id), user })} />
    </section>
  )
}

/** 'Link another account': any method the server has on, through `link(method)`. */
function LinkMenu({ methods, onLink }: { methods: MethodInfo[]; onLink: (method: string) => void }) {
  const [method, setMethod] = useState(methods[0]!.id)
  return (
    <div className="link-menu">
      <label htmlFor="link-method">Link another account</label>
      <div className="link-menu-row">
        <select id="link-method" className="select" data-testid="link-method" value={method} onChange={(event) => setMethod(event.target.value)}>
          {methods.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-primary" data-testid="link-any" onClick={() => onLink(method)}>
          Link
        </button>
      </div>
    </div>
  )
}
