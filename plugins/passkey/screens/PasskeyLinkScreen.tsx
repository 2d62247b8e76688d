import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import type { LinkedAccount } from '../../../core/protocol/index.js'
import { Button, ErrorText, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { linkPasskey, unlinkPasskey } from '../passkeyCeremonies.js'
import { passkeyDisplayName } from '../passkeyDisplayName.js'
import { PASSKEYS_SHOWN_BY_DEFAULT } from '../schema.js'
import { passkeyErrorText } from './passkeyErrorText.js'

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="9" cy="8" r="4"/><path d="M3 20a6 6 0 0 1 10.5-4"/><circle cx="18" cy="13" r="2.5"/><path d="M18 15.5V21l1.5-1.5"/></svg>'

/**
 * 'Secure your account with a passkey': the benefit list, 'Your passkeys' (2 shown until 'View
 * all', each with 'Unlink', which asks in the row first: 'Unlink {name}?' with Unlink and Cancel) and
 * 'Add new passkey'. Linking ends on 'Passkeys updated' and closes; unlinking shows 'Passkeys updated'
 * and returns here.
 */
export default function PasskeyLinkScreen() {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const passkeys = useComputed(() =>
    (foyer.$session.value.user?.linkedAccounts ?? []).filter((a): a is LinkedAccount => a.type === 'passkey'),
  ).value
  const [showAll, setShowAll] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  // The passkey whose 'Unlink' was clicked: a way to sign in is not one click away from gone.
  const [confirming, setConfirming] = useState<string | null>(null)

  const add = async () => {
    setBusy('add')
    setError(null)
    try {
      await linkPasskey(foyer, undefined, t('passkey.updated'))
    } catch (e) {
      setError(passkeyErrorText(foyer, e))
    } finally {
      setBusy(null)
    }
  }
  const unlink = async (credentialId: string) => {
    setConfirming(null)
    setBusy(credentialId)
    setError(null)
    try {
      await unlinkPasskey(foyer, credentialId)
      foyer.modal.push('passkey/updated')
    } catch (e) {
      setError(passkeyErrorText(foyer, e))
    } finally {
      setBusy(null)
    }
  }

  const shown = showAll ? passkeys : passkeys.slice(0, PASSKEYS_SHOWN_BY_DEFAULT)
  return (
    <ScreenLayout icon={<span className="foyer-plugin-icon" dangerouslySetInnerHTML={{ __html: icon }} />} title={t('passkey.link.title')}>
      <ul className="foyer-passkey-benefits">
        <li>{t('passkey.benefit.fast')}</li>
        <li>{t('passkey.benefit.phishing')}</li>
        <li>{t('passkey.benefit.nothingToRemember')}</li>
      </ul>
      {passkeys.length ? (
        <section className="foyer-passkey-section" aria-labelledby="foyer-passkey-list">
          <h3 id="foyer-passkey-list" className="foyer-subtitle">
            {t('passkey.list.title')}
          </h3>
          <ul className="foyer-list" data-testid="passkey-list">
            {shown.map((p) => {
              const name = passkeyDisplayName(p as never, t('passkey.unknownDevice'))
              return confirming === p.credentialId ? (
                <li key={p.credentialId} className="foyer-passkey-row" data-confirming="true">
                  <span>{t('passkey.unlinkConfirm', { name })}</span>
                  <Button variant="link" disabled={busy !== null} onClick={() => void unlink(p.credentialId!)} data-testid="foyer-passkey-unlink-confirm">
                    {t('passkey.unlink')}
                  </Button>
                  <Button variant="link" onClick={() => setConfirming(null)}>
                    {t('passkey.cancel')}
                  </Button>
                </li>
              ) : (
                <li key={p.credentialId} className="foyer-passkey-row">
                  <span>{name}</span>
                  <Button
                    variant="link"
                    aria-label={`${t('passkey.unlink')} ${name}`}
                    loading={busy === p.credentialId}
                    disabled={busy !== null}
                    onClick={() => setConfirming(p.credentialId!)}
                  >
                    {t('passkey.unlink')}
                  </Button>
                </li>
              )
            })}
          </ul>
          {!showAll && passkeys.length > PASSKEYS_SHOWN_BY_DEFAULT ? (
            <Button variant="link" onClick={() => setShowAll(true)}>
              {t('passkey.viewAll')}
            </Button>
          ) : null}
        </section>
      ) : null}
      <ErrorText>{error}</ErrorText>
      <Button variant="primary" loading={busy === 'add'} disabled={busy !== null} onClick={() => void add()}>
        {t('passkey.add')}
      </Button>
    </ScreenLayout>
  )
}

// The entry's loadPasskeyKit loads the kit through this screen's chunk, which carries the same code (ceremonies, display
// names, error texts, wire mappings): a chunk of its own would regroup the modules of every passkey host's first load
// (esbuild groups modules by the entries that reach them; +0.17 kB measured on the every-login host).
export * as passkeyKit from '../passkeyKit.js'
