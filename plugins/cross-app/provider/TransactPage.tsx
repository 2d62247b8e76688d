import { useEffect, useRef, useState } from 'react'
import { useFoyer, useFoyerKernel, useLogin } from '../../../ui/foyer.js'
import { useT } from '../../../ui/i18n/useT.js'
import { normalizeRequest, runWalletRequest } from './runWalletRequest.js'
import { crossAppCalls } from '../crossAppCalls.js'
import { crossAppErrorTexts } from '../crossAppErrors.js'
import { crossAppMessages, type ProviderToken } from '../schema.js'
import { providerRefusal } from './providerRefusal.js'
import { answerRequester, postToRequester, ProviderCard } from './providerPageKit.js'

/**
 * /oauth/transact?token=…&request=…: the signed-in provider user's token is checked with this app's server (it must
 * name this user and the requester), the callback's origin must be one the requester registered, then this app's own
 * sign / send screen runs; the answer goes to that origin only. The token's renewal is posted first (token 'set'); a dead
 * token the server names the requester of gets 'clear' and 'Transactions require a valid token' there.
 */
export default function TransactPage() {
  const foyer = useFoyerKernel()
  const t = useT()
  const { ready, authenticated } = useFoyer()
  const { login } = useLogin()
  const [status, setStatus] = useState<{ error?: string; done?: boolean; app?: string }>({})
  const started = useRef(false)

  useEffect(() => {
    if (!ready || !authenticated || started.current) return
    started.current = true
    const query = new URLSearchParams(location.search)
    const request = normalizeRequest(query.get('request'))
    if (!request) return setStatus({ error: crossAppErrorTexts.initFailed })
    void (async () => {
      let origin: string | null = null
      try {
        const token = query.get('token') ?? ''
        const verified = await crossAppCalls.verifyToken(foyer, { token }).catch((error: unknown) => {
          // A dead token's refusal names its requester: answer the page that opened us (clear + the error below).
          const refusal = providerRefusal(error)
          if (refusal?.origins.includes(request.callbackOrigin)) {
            origin = request.callbackOrigin
            if (refusal.clear) postToRequester({ type: crossAppMessages.token, action: 'clear' }, origin)
          }
          throw error
        })
        setStatus({ app: verified.requester_app_name })
        // Nothing is posted to an origin the requester did not register.
        if (!verified.requester_origins.includes(request.callbackOrigin)) throw new Error(crossAppErrorTexts.initFailed)
        origin = request.callbackOrigin
        // Verifying re-issued the token for another lifetime: the requester keeps the new expiry (§7 token action 'set').
        const issued: ProviderToken = { provider_app_id: foyer.appId, token, expires_at: verified.expires_at, read_only: verified.read_only }
        postToRequester({ type: crossAppMessages.token, action: 'set', token: issued }, origin)
        if (request.request.method === 'eth_sendTransaction' && verified.read_only) throw new Error(crossAppErrorTexts.readOnly)
        const result = await runWalletRequest(foyer, request.request)
        answerRequester({ type: crossAppMessages.response, result }, origin)
        setStatus((s) => ({ ...s, done: true }))
      } catch (e) {
        const message = (e as { shortMessage?: string }).shortMessage ?? (e as Error).message ?? crossAppErrorTexts.initFailed
        if (origin) {
          answerRequester({ type: crossAppMessages.error, error: message }, origin)
        }
        setStatus((s) => ({ ...s, error: message }))
      }
    })()
  }, [ready, authenticated, foyer])

  const title = t('crossApp.page.requestTitle', { app: status.app ?? '' })
  if (status.error) return <ProviderCard testId="cross-app-transact" title={title}><p role="alert">{status.error}</p></ProviderCard>
  if (ready && !authenticated) {
    return (
      <ProviderCard testId="cross-app-transact" title={title}>
        <p>{t('crossApp.page.signIn')}</p>
        <button type="button" className="btn btn-primary" onClick={() => login()}>
          {t('crossApp.page.logIn')}
        </button>
      </ProviderCard>
    )
  }
  return <ProviderCard testId="cross-app-transact" title={title}><p role="status">{t(status.done ? 'crossApp.page.done' : 'crossApp.page.working')}</p></ProviderCard>
}
