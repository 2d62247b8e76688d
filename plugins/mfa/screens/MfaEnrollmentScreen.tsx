import { useSignals } from '@preact/signals-react/runtime'
import { Button, ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { MFA_REMOVE_SCREEN } from '../mfaCalls.js'
import { mfaMethodsOf } from '../mfaMethods.js'

/**
 * 'Transaction Protection' with 'Choose a verification method': the loaded methods the app enables (Authenticator app
 * marked Recommended). An enabled method can't be chosen again; it offers Remove instead.
 */
export default function MfaEnrollmentScreen() {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const enrolled = foyer.$session.value.user?.mfaMethods ?? []
  const methods = mfaMethodsOf(foyer)

  return (
    <ScreenLayout title={t('mfa.enroll.title')} subtitle={t('mfa.enroll.subtitle')}>
      <p className="foyer-subtitle">{t('mfa.enroll.choose')}</p>
      {methods.length ? null : <p className="foyer-subtitle">{t('mfa.none')}</p>}
      {methods.map((m) => {
        const on = enrolled.includes(m.method)
        return (
          <div key={m.method} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Button
              variant="option"
              icon={m.icon}
              disabled={on || !!m.unavailable?.(foyer)}
              onClick={() => foyer.modal.push(m.enrollScreen)}
              data-testid={`foyer-mfa-enroll-${m.method}`}
            >
              {t(m.chooserLabel)}
              {on ? ` · ${t('mfa.enabled')}` : m.recommended ? ` · ${t('mfa.recommended')}` : ''}
            </Button>
            {on ? (
              <Button variant="link" onClick={() => foyer.modal.push(MFA_REMOVE_SCREEN, { method: m.method })} data-testid={`foyer-mfa-remove-${m.method}`}>
                {t('mfa.remove')}
              </Button>
            ) : null}
          </div>
        )
      })}
    </ScreenLayout>
  )
}
