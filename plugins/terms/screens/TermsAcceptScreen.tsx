import { useState } from 'react'
import { BaseError, Button, ErrorText, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { acceptTerms, declineTerms } from '../termsHook.js'

/** 'One last step': the terms and privacy links, 'Accept' and 'No thanks'. It cannot be closed. */
export default function TermsAcceptScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  const legal = foyer.$config.peek()?.legal
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null)
  const [error, setError] = useState<string | null>(null)

  const accept = async () => {
    setBusy('accept')
    setError(null)
    try {
      await acceptTerms(foyer)
    } catch (err) {
      // Stay on the screen: the user can try again or decline.
      setBusy(null)
      setError(err instanceof BaseError ? err.shortMessage : t('error.generic.title'))
    }
  }
  const decline = async () => {
    setBusy('decline')
    await declineTerms(foyer)
  }

  const link = (href: string | null | undefined, label: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    ) : null

  return (
    <ScreenLayout
      title={t('terms.title')}
      subtitle={t('terms.body')}
      footer={
        <>
          <Button variant="primary" onClick={accept} loading={busy === 'accept'} disabled={busy !== null}>
            {t('terms.accept')}
          </Button>
          <Button variant="secondary" onClick={decline} loading={busy === 'decline'} disabled={busy !== null}>
            {t('terms.decline')}
          </Button>
        </>
      }
    >
      {legal?.termsAndConditionsUrl || legal?.privacyPolicyUrl ? (
        <p className="foyer-subtitle" style={{ display: 'flex', gap: '1em', justifyContent: 'center' }}>
          {link(legal.termsAndConditionsUrl, t('terms.termsLink'))}
          {link(legal.privacyPolicyUrl, t('terms.privacyLink'))}
        </p>
      ) : null}
      {error ? <ErrorText>{error}</ErrorText> : null}
    </ScreenLayout>
  )
}
