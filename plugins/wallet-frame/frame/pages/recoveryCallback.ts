import { RECOVERY_OAUTH_CALLBACK_PATH } from '../../channel/frameProtocol.js'

/** The wire names of the recovery login callback's messages (verbatim, spec). */
export const OAUTH_MESSAGES = { response: 'PRIVY_OAUTH_RESPONSE', error: 'PRIVY_OAUTH_ERROR' } as const

export { RECOVERY_OAUTH_CALLBACK_PATH }

/**
 * The callback page's script (the wallet origin's RECOVERY_OAUTH_CALLBACK_PATH, in the popup a cloud recovery method's login opened): hands the code and
 * state, or the error, to its opener on this same origin only, then closes.
 */
export function runOAuthCallback(win: Window) {
  const params = new URL(win.location.href).searchParams
  const code = params.get('code')
  const message = code
    ? { type: OAUTH_MESSAGES.response, stateCode: params.get('state') ?? '', authorizationCode: code }
    : { type: OAUTH_MESSAGES.error, error: params.get('error') ?? 'no_code' }
  win.opener?.postMessage(message, win.location.origin)
  win.close()
}
