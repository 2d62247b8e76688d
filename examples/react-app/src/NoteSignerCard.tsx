import type { User } from 'foyer'
import { embeddedWalletsOf } from 'foyer/plugins/embedded-wallet'
import { useNoteSigner } from '../../custom-plugin/note-signer/index.js'
import { useCardAction } from './useCardAction.js'

/** The note 'Sign a note' signs. */
export const DEMO_NOTE = 'Met at the Foyer demo'

/**
 * 'Note signer' (?note_signer=1, with the server loading examples/custom-plugin/note-signer): a third party's plugin
 * whose key work runs in the wallet frame — its frame half, loaded there when the first note is signed, signs with a
 * key derived from the wallet for that purpose only.
 */
export function NoteSignerCard({ user }: { user: User }) {
  const { signNote } = useNoteSigner()
  const { result, busy, run } = useCardAction()
  if (embeddedWalletsOf(user, 'ethereum').length === 0) return null
  return (
    <section className="card" aria-labelledby="note-signer-title" data-testid="note-signer">
      <h2 id="note-signer-title">Note signer</h2>
      <p className="card-lead">A plugin with a frame half: the note key is made and used in the wallet frame only.</p>
      <div className="card-actions">
        <button type="button" disabled={busy} onClick={() => void run('Signed note', async () => {
          const { publicKey, signature } = await signNote(DEMO_NOTE)
          return `${publicKey} ${signature}`
        })}>
          Sign a note
        </button>
      </div>
      {result ? (
        <p data-testid="note-signer-result" data-label={result.label} style={{ wordBreak: 'break-all' }}>
          {result.label}: <code>{result.value}</code>
        </p>
      ) : null}
    </section>
  )
}
