import type { Foyer } from '../../core/client/types.js'
import { FlowError } from '../../core/errors/index.js'
import { crossAppError, crossAppErrorCodes, crossAppErrorTexts, crossAppRejected } from './crossAppErrors.js'
import type { CrossAppTarget } from './crossAppTarget.js'
import { crossAppState } from './crossAppState.js'
import * as v from 'valibot'
import { crossAppMessages, crossAppPages, ProviderTokenSchema, type CrossAppTransactRequest, type CrossAppWalletRequest } from './schema.js'
import { waitForProvider } from './waitForProvider.js'

/**
 * §4: one request to the provider's /oauth/transact popup: the provider's own sign or send screen, its answer posted
 * from the provider's origin only; closing the popup rejects, 120 s times out. The provider's token actions ('set' with
 * the re-issued token, 'clear' for a dead one) update the token kept for that provider.
 */
export async function crossAppRequest(foyer: Foyer, target: CrossAppTarget, request: CrossAppWalletRequest, popup: Window | null): Promise<unknown> {
  const state = crossAppState(foyer)
  const win = state.win()
  try {
    if (!popup) throw new FlowError(crossAppErrorTexts.initFailed, crossAppErrorCodes.initFailed)
    const connection = (await state.connections()).find((c) => c.provider_app_id === target.providerAppId)
    if (!connection?.provider_app_custom_api_url) throw crossAppError('invalidConnectedApp')
    const payload: CrossAppTransactRequest = { content: { request: { request } }, timestamp: Date.now(), callbackUrl: `${win.location.origin}/` }
    const url = new URL(`${connection.provider_app_custom_api_url}${crossAppPages.transact}`)
    url.searchParams.set('token', target.token)
    url.searchParams.set('request', JSON.stringify(payload))
    popup.location.href = url.href
    return await waitForProvider<{ result: unknown }>(popup, {
      origin: url.origin,
      win,
      accept: (data) => {
        if (data.type === crossAppMessages.response) return { result: data.result }
        if (data.type === crossAppMessages.error) {
          if (data.error === crossAppErrorTexts.noToken) return crossAppError('noToken')
          return new FlowError(typeof data.error === 'string' ? data.error : crossAppErrorTexts.initFailed, crossAppErrorCodes.providerError)
        }
        // §7 token actions: the provider re-issued the token ('set'), or it is dead ('clear').
        if (data.type === crossAppMessages.token && data.action === 'clear') state.clearToken(target.providerAppId)
        if (data.type === crossAppMessages.token && data.action === 'set') {
          const token = v.safeParse(ProviderTokenSchema, data.token)
          if (token.success && token.output.provider_app_id === target.providerAppId) state.setToken(token.output)
        }
        return undefined
      },
      timeoutError: () => crossAppError('timeout'),
      ...(state.timeoutMs ? { timeoutMs: state.timeoutMs } : {}),
      closedError: crossAppRejected,
    }).then((answer) => answer.result)
  } catch (error) {
    popup?.close()
    throw error
  }
}
