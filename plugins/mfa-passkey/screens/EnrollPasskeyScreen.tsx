import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import type { LinkedAccount } from '../../../core/protocol/index.js'
import { MAX_PASSKEYS_PER_USER } from '../../../core/protocol/webauthn.js'
import { Button, ErrorText, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import type { MfaEnrollmentKit } from '../../mfa/index.js'
import type { PasskeyKit } from '../../passkey/index.js'
import { mfaPasskeyCalls } from '../mfaPasskeyCalls.js'

/** §9: the list shows this many passkeys; beyond it, one row fewer and 'View All'. */
export const PASSKEYS_LISTED = 3

/** The rows the list shows: all up to 3; past 3, the first 2 until 'View All'. */
export function listedPasskeys<T>(passkeys: readonly T[], showAll: boolean): T[] {
  if (showAll || passkeys.length <= PASSKEYS_LISTED) return [...passkeys]
  return passkeys.slice(0, PASSKEYS_LISTED - 1)
}

/**
 * Passkey enrollment (§4): with no passkey (or while one is being created) 'Set up passkey verification' and 'Add a
 * new passkey' (the passkey plugin's link ceremony); with passkeys 'Enable your passkeys for verification', a list to
 * tick ('Add new passkey' while fewer than 5 exist); enabling ends on 'Passkey verification added', a failure on
 * 'Unknown error'. When a method is already enrolled, enabling asks for a verification first (the step-up, over this
 * screen: how enabling went shows here when it comes back, 'Verification canceled' included).
 *
 * Made with the MFA hub's enrollment kit and the passkey plugin's kit: the plugin's entry loads them with it (screenWith).
 */
export default function enrollPasskeyScreen([{ useSteppedUpCall, useEnrolledWindowText }, { addPasskey, passkeyDisplayName, passkeyErrorText }]: [MfaEnrollmentKit, PasskeyKit]) {
  return function EnrollPasskeyScreen() {
    useSignals()
    const foyer = useFoyerKernel()
    const t = useT()
    const passkeys = (foyer.$session.value.user?.linkedAccounts ?? []).filter((a): a is LinkedAccount & { credentialId: string } => a.type === 'passkey' && !!a.credentialId)
    const [enabling, run] = useSteppedUpCall<void>()
    // Once enabling ended, its view ('Passkey verification added' or the error) until the user goes on.
    const [dismissed, setDismissed] = useState(false)
    const step = dismissed || enabling.status === 'idle' || enabling.status === 'pending' ? 'choose' : enabling.status === 'done' ? 'success' : 'error'
    const [creating, setCreating] = useState(false)
    const busy = enabling.status === 'pending'
    const [showAll, setShowAll] = useState(false)
    // Every passkey is ticked unless the user unticks it (a passkey added here arrives ticked).
    const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set())
    const [error, setError] = useState<string | null>(null)
    // The 'Unknown error' view says what the server said when it explains (a passkey that isn't the user's).
    const enableError =
      enabling.status === 'failed'
        ? (enabling.error as { code?: string }).code === 'MFA_CANCELED'
          ? t('mfa.error.canceled')
          : ((enabling.error as { shortMessage?: string }).shortMessage ?? null)
        : null
    const chosen = passkeys.filter((p) => !unticked.has(p.credentialId)).map((p) => p.credentialId)
    // Enabling records no verification: the line shows only when one passed (the step-up when a method existed).
    const windowText = useEnrolledWindowText()

    const add = async () => {
      setCreating(true)
      setError(null)
      try {
        foyer.session.setUser((await addPasskey(foyer)).user)
      } catch (e) {
        setError(passkeyErrorText(foyer, e))
      } finally {
        setCreating(false)
      }
    }

    const enable = () => {
      setError(null)
      setDismissed(false)
      run(async () => foyer.session.setUser(await mfaPasskeyCalls.enroll(foyer, { credentialIds: chosen })))
    }

    const toggle = (id: string) =>
      setUnticked((before) => {
        const next = new Set(before)
        if (!next.delete(id)) next.add(id)
        return next
      })

    if (step === 'success') {
      return (
        <ScreenLayout
          title={t('mfaPasskey.success.title')}
          subtitle={windowText}
          footer={
            <Button variant="primary" onClick={() => foyer.modal.back()} data-testid="foyer-mfa-done">
              {t('mfa.done')}
            </Button>
          }
        />
      )
    }
    if (step === 'error') {
      return (
        <ScreenLayout
          title={t('mfa.error.enrollment')}
          footer={
            <Button variant="primary" onClick={() => (setDismissed(true), setError(null))} data-testid="foyer-mfa-passkey-retry">
              {t('mfa.tryAgain')}
            </Button>
          }
        >
          <ErrorText>{enableError}</ErrorText>
        </ScreenLayout>
      )
    }
    if (!passkeys.length || creating) {
      return (
        <ScreenLayout
          title={t('mfaPasskey.setup.title')}
          subtitle={t('mfaPasskey.setup.subtitle')}
          footer={
            <Button variant="primary" loading={creating} disabled={creating} onClick={() => void add()} data-testid="foyer-mfa-passkey-add">
              {t('mfaPasskey.setup.add')}
            </Button>
          }
        >
          <ErrorText>{error}</ErrorText>
        </ScreenLayout>
      )
    }
    return (
      <ScreenLayout
        title={t('mfaPasskey.list.title')}
        subtitle={t('mfaPasskey.list.subtitle')}
        footer={
          <>
            <Button variant="primary" loading={busy} disabled={busy || !chosen.length} onClick={enable} data-testid="foyer-mfa-passkey-enable">
              {t('mfaPasskey.enable')}
            </Button>
            {passkeys.length < MAX_PASSKEYS_PER_USER ? (
              <Button variant="link" disabled={busy} onClick={() => void add()} data-testid="foyer-mfa-passkey-add">
                {t('mfaPasskey.add')}
              </Button>
            ) : null}
          </>
        }
      >
        <ul className="foyer-list" data-testid="foyer-mfa-passkey-list">
          {listedPasskeys(passkeys, showAll).map((p) => {
            const name = passkeyDisplayName(p as never, t('mfaPasskey.unknownDevice'))
            return (
              <li key={p.credentialId} className="foyer-passkey-row">
                <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <input type="checkbox" checked={!unticked.has(p.credentialId)} disabled={busy} onChange={() => toggle(p.credentialId)} />
                  <span>{name}</span>
                </label>
              </li>
            )
          })}
        </ul>
        {!showAll && passkeys.length > PASSKEYS_LISTED ? (
          <Button variant="link" onClick={() => setShowAll(true)}>
            {t('mfaPasskey.viewAll')}
          </Button>
        ) : null}
        <ErrorText>{error}</ErrorText>
      </ScreenLayout>
    )
  }
}
