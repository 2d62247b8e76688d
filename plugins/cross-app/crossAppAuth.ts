import type { AuthResult, Foyer } from '../../core/client/types.js'
import { BaseError, FlowError } from '../../core/errors/index.js'
import type { LinkedAccount } from '../../core/protocol/index.js'
import { crossAppCalls } from './crossAppCalls.js'
import { crossAppError, crossAppErrorCodes, crossAppErrorTexts, crossAppRejected } from './crossAppErrors.js'
import { crossAppState } from './crossAppState.js'
import { randomBase64Url, s256Challenge } from './pkce.js'
import { CROSS_APP_RANDOM_BYTES, crossAppMessages } from './schema.js'
import { waitForProvider } from './waitForProvider.js'

/** What startCrossAppAuth needs: the provider, login or link, and the popup the click opened. */
export interface CrossAppAuthParameters {
  providerAppId: string
  intent: 'login' | 'link'
  popup: Window | null
  win?: Window
}

/** The cross_app account of a provider on a user. */
export const crossAppAccountOf = (accounts: readonly LinkedAccount[], providerAppId: string) =>
  accounts.find((a) => a.type === 'cross_app' && (a.providerApp as { id?: string } | undefined)?.id === providerAppId) ?? null

/**
 * Login or link with a provider app's account: PKCE + state, authorize, the provider's consent page in the popup,
 * its code posted back from the provider's origin only, the state compared, then authenticate / link; the provider
 * access token is kept per provider.
 */
export async function startCrossAppAuth(foyer: Foyer, params: CrossAppAuthParameters): Promise<AuthResult> {
  const state = crossAppState(foyer)
  const win = params.win ?? state.win()
  const { popup, providerAppId, intent } = params
  state.update({ status: 'connecting', providerAppId, providerName: null, error: null })
  let name = 'provider'
  try {
    const connection = (await state.connections()).find((c) => c.provider_app_id === providerAppId)
    if (!connection) throw crossAppError('invalidConnectedApp')
    name = connection.provider_app_name
    state.update({ providerName: name })
    if (!popup) throw new FlowError(crossAppErrorTexts.initFailed, crossAppErrorCodes.initFailed)
    const verifier = randomBase64Url(CROSS_APP_RANDOM_BYTES)
    const stateCode = randomBase64Url(CROSS_APP_RANDOM_BYTES)
    const { url } = await crossAppCalls.authorize(foyer, {
      provider: providerAppId,
      redirect_to: `${win.location.origin}/`,
      code_challenge: await s256Challenge(verifier),
      state_code: stateCode,
    })
    popup.location.href = url
    const answer = await waitForProvider<{ code: string; state: string }>(popup, {
      origin: new URL(url).origin,
      win,
      accept: (data) => {
        if (data.type === crossAppMessages.auth && typeof data.code === 'string' && typeof data.state === 'string') return { code: data.code, state: data.state }
        if (data.type !== crossAppMessages.authError) return undefined
        // The user's Cancel is a rejection; a failure the provider's page reports (flow expired, requester no longer
        // listed, no wallet) is §8's "issue connecting", with the provider's text as the cause.
        if (data.error === undefined || data.error === crossAppErrorTexts.rejected) return crossAppRejected()
        return new FlowError(crossAppErrorTexts.connectFailed.replace('{app}', name), crossAppErrorCodes.providerError, { cause: new Error(String(data.error)) })
      },
      timeoutError: () => new FlowError(crossAppErrorTexts.authTimeout, crossAppErrorCodes.timeout),
      ...(state.timeoutMs ? { timeoutMs: state.timeoutMs } : {}),
      closedError: crossAppRejected,
    })
    if (answer.state !== stateCode) {
      foyer.track('cross_app_unexpected_state', { provider: providerAppId })
      throw crossAppError('unexpectedState')
    }
    const proof = { authorization_code: answer.code, state_code: answer.state, code_verifier: verifier, provider: providerAppId }
    let result: AuthResult
    if (intent === 'link') {
      const response = await crossAppCalls.link(foyer, proof)
      state.setToken(response.provider_access_token)
      result = await foyer.completeAuth(response, { loginMethod: 'cross_app', account: crossAppAccountOf(response.user.linkedAccounts as LinkedAccount[], providerAppId), intent: 'link' })
    } else {
      const { provider_access_token, ...response } = await crossAppCalls.authenticate(foyer, proof)
      state.setToken(provider_access_token)
      result = await foyer.completeAuth(response, { loginMethod: 'cross_app', account: crossAppAccountOf(response.user.linkedAccounts as LinkedAccount[], providerAppId), intent: 'login' })
    }
    state.update({ status: 'success' })
    return result
  } catch (error) {
    popup?.close()
    const failure = toFailure(error, name)
    state.update({ status: 'error', error: failure.shortMessage })
    throw failure
  }
}

/** Known cross-app failures keep their text; anything else is §8's "issue connecting your {app} account". */
function toFailure(error: unknown, name: string): BaseError {
  if (error instanceof BaseError && (Object.values(crossAppErrorCodes) as string[]).concat('USER_REJECTED_REQUEST').includes(error.code)) return error
  return new FlowError(crossAppErrorTexts.connectFailed.replace('{app}', name), crossAppErrorCodes.providerError, { cause: error })
}
