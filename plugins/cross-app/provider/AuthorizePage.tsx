import { useEffect, useRef, useState } from 'react'
import { useFoyer, useFoyerKernel, useLogin, useModalStatus } from '../../../ui/foyer.js'
import { useT } from '../../../ui/i18n/useT.js'
import { crossAppCalls } from '../crossAppCalls.js'
import { crossAppErrorTexts } from '../crossAppErrors.js'
import { crossAppMessages } from '../schema.js'
import { providerRefusal } from './providerRefusal.js'
import { answerRequester, embeddedAddress, ProviderCard, walletActions } from './providerPageKit.js'

type Described = { requester_app_name: string; requester_origin: string }

/**
 * /oauth/authorize?flow=…: sign in to this (provider) app, an embedded wallet, then consent; the code goes to the requester's
 * origin only. A flow or consent the server refuses is reported there too (FOYER_CROSS_APP_AUTH_ERROR).
 */
export default function AuthorizePage() {
  const foyer = useFoyerKernel()
  const t = useT()
  const { ready, authenticated, user } = useFoyer()
  const { login } = useLogin()
  const flowId = new URLSearchParams(location.search).get('flow') ?? ''
  const [flow, setFlow] = useState<Described | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const creating = useRef(false)
  const { isOpen: modalOpen } = useModalStatus()
  const address = embeddedAddress(user?.linkedAccounts)

  /** Shows the failure; when the server names the flow's requester, tells it too (it would otherwise wait 2 minutes) and closes. */
  const fail = (e: unknown, origin?: string) => {
    const message = (e as { shortMessage?: string }).shortMessage ?? String((e as Error)?.message ?? e)
    setError(message)
    const to = providerRefusal(e)?.origins[0] ?? origin
    if (!to) return
    answerRequester({ type: crossAppMessages.authError, error: message }, to)
  }

  useEffect(() => {
    if (!ready) return
    crossAppCalls.flow(foyer, { flow_id: flowId }).then(setFlow, (e: unknown) => fail(e))
  }, [ready, foyer, flowId])

  // A signed-in user without an embedded wallet gets one once the login (and its own wallet creation) is over.
  useEffect(() => {
    if (!authenticated || !user || address || modalOpen || creating.current) return
    creating.current = true
    walletActions(foyer).createWallet?.().catch((e: unknown) => fail(e, flow?.requester_origin))
  }, [authenticated, user, address, modalOpen, foyer])

  if (error) return <ProviderCard testId="cross-app-authorize" title={t('crossApp.error.connect', { app: foyer.$config.value?.name ?? '' })}><p role="alert">{error}</p></ProviderCard>
  if (!ready || !flow) return <ProviderCard testId="cross-app-authorize" title={t('crossApp.page.working')} />
  const app = flow.requester_app_name
  if (!authenticated) {
    return (
      <ProviderCard testId="cross-app-authorize" title={t('crossApp.page.consentTitle', { app })}>
        <p>{t('crossApp.page.signIn')}</p>
        <button type="button" className="btn btn-primary" onClick={() => login()}>
          {t('crossApp.page.logIn')}
        </button>
      </ProviderCard>
    )
  }
  if (!address) return <ProviderCard testId="cross-app-authorize" title={t('crossApp.page.working')} />
  const consent = async () => {
    setBusy(true)
    try {
      const answer = await crossAppCalls.consent(foyer, { flow_id: flowId })
      answerRequester({ type: crossAppMessages.auth, code: answer.authorization_code, state: answer.state_code }, answer.requester_origin)
    } catch (e) {
      fail(e, flow.requester_origin)
    } finally {
      setBusy(false)
    }
  }
  const cancel = () => {
    answerRequester({ type: crossAppMessages.authError, error: crossAppErrorTexts.rejected }, flow.requester_origin)
  }
  return (
    <ProviderCard testId="cross-app-authorize" title={t('crossApp.page.consentTitle', { app })}>
      <p>{t('crossApp.page.consentSubtitle', { app, address })}</p>
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={consent}>
          {t('crossApp.page.connect')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={cancel}>
          {t('crossApp.page.cancel')}
        </button>
      </div>
    </ProviderCard>
  )
}
