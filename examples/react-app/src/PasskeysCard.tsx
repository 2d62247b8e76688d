import { useFoyerKernel, type User } from 'foyer'
import { useLinkPasskey } from 'foyer/plugins/passkey'
import { CodeSnippet } from './CodeSnippet.js'
import { serverEnabledMethods } from './serverEnabledMethods.js'
import { snippets } from './snippets.js'

/** Passkeys: how many the user has and 'Manage passkeys' (the modal's list), when the server has passkeys on. */
export function PasskeysCard({ user }: { user: User }) {
  const foyer = useFoyerKernel()
  const { openLinkPasskey } = useLinkPasskey({ onError: (code) => console.info('Passkeys ended:', code) })
  if (!foyer.registry.plugin('passkey') || !serverEnabledMethods(foyer).link.some((m) => m.id === 'passkey')) return null
  const count = user.linkedAccounts.filter((a) => a.type === 'passkey').length
  return (
    <section className="card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p className="card-lead">
        {count === 0 ? 'No passkey yet: add one to sign in with Face ID, Touch ID or a security key.' : `${count} passkey${count === 1 ? '' : 's'} on this account.`}
      </p>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" onClick={openLinkPasskey}>
          Manage passkeys
        </button>
      </div>
      <CodeSnippet title="useLinkPasskey" code={snippets.passkeys()} />
    </section>
  )
}
