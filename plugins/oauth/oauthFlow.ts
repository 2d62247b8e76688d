import { hasFailureScreen } from '../../core/client/failureScreenPolicy.js'
import { isAuthIntent } from '../../core/client/intents.js'
import { uiScreens } from '../../core/client/screenIds.js'
import type { AuthResult, Foyer, Intent } from '../../core/client/types.js'
import { BaseError, FlowError, flowErrorCodes } from '../../core/errors/index.js'
import type { LinkedAccount, RawUser } from '../../core/protocol/index.js'
import { oauthCalls } from './oauthCalls.js'
import { randomBase64Url, s256Challenge } from './pkce.js'
import { providerDisplayName, type OAuthProviderId } from './providerIds.js'
import { popupMessages, readReturnParams, sameOriginOpener, withoutReturnParams } from './returnParams.js'
import { OAUTH_RANDOM_BYTES } from './schema.js'

import { oauthState, type OAuthFlowMode, type OAuthFlowState } from './oauthState.js'
export type { OAuthFlowMode, OAuthFlowState, OAuthStatus } from './oauthState.js'

/** Error codes of the OAuth client beyond the kernel's flow codes. */
export const oauthErrorCodes = {
  userDenied: flowErrorCodes.oauthUserDenied,
  unexpected: flowErrorCodes.oauthUnexpected,
  inAppBrowser: 'OAUTH_IN_APP_BROWSER',
  popupFailed: 'OAUTH_POPUP_FAILED',
} as const

/** What the flow stores between leaving for the provider and coming back. */
interface StoredFlow {
  provider: string
  verifier: string
  state: string
  intent: Intent
  disableSignup: boolean
  fromModal: boolean
}

/** Current OAuth state of the page. */
export const getOAuthState = (foyer: Foyer): OAuthFlowState => oauthState(foyer).flow.peek()
const setState = (foyer: Foyer, patch: Partial<OAuthFlowState>) => oauthState(foyer).update(patch)

/** Key of the stored flow (verifier, state, provider) in foyer.storage. */
export const flowStorageKey = (foyer: Foyer) => `foyer:${foyer.appId}:oauth`

/** In-app browsers of social apps, where Google refuses OAuth (its "disallowed_useragent"). */
export function isInAppBrowser(userAgent: string): boolean {
  return /FBAN|FBAV|FB_IAB|Instagram|Line\/|MicroMessenger|Twitter|TikTok|musical_ly|BytedanceWebview|Snapchat|LinkedInApp|; wv\)/i.test(userAgent)
}

/** Options of startOAuth. */
export interface StartOAuthParameters {
  provider: string
  intent?: Intent
  disableSignup?: boolean
  flow?: OAuthFlowMode
  fromModal?: boolean
  /** Page the provider returns to; default the current page without query and fragment (list it in `redirect_urls`). */
  redirectUrl?: string
  /** For tests: the window that opens popups and navigates. */
  win?: Window
}

const POPUP_FEATURES = 'width=500,height=700,menubar=no,toolbar=no,location=yes,status=no'

/**
 * Starts an OAuth flow: PKCE verifier and state (36 random bytes each), S256 challenge, oauth/init,
 * then the provider page in a popup (resolving with the finished login) or in this tab (resolving
 * null as the page navigates away). A blocked popup falls back to the redirect.
 */
export async function startOAuth(foyer: Foyer, params: StartOAuthParameters): Promise<AuthResult | null> {
  const win = params.win ?? window
  const { provider, intent = 'login', disableSignup = false, fromModal = false } = params
  setState(foyer, { status: 'loading', provider, intent, error: null, result: null, fromModal, phase: 'start' })
  try {
    if (provider === 'google' && isInAppBrowser(win.navigator.userAgent)) {
      throw new FlowError('Could not log in with provider', oauthErrorCodes.inAppBrowser)
    }
    // Opened before the first await, while the click still counts as a user gesture.
    const popup = (params.flow ?? oauthState(foyer).defaultMode) === 'popup' ? win.open('about:blank', 'foyer-oauth', POPUP_FEATURES) : null
    const verifier = randomBase64Url(OAUTH_RANDOM_BYTES)
    const state = randomBase64Url(OAUTH_RANDOM_BYTES)
    const stored: StoredFlow = { provider, verifier, state, intent, disableSignup, fromModal }
    foyer.storage.set(flowStorageKey(foyer), JSON.stringify(stored))
    const redirectTo = params.redirectUrl ?? `${win.location.origin}${win.location.pathname}`
    let url: string
    try {
      ;({ url } = await oauthCalls.init(foyer, {
        // Any string may come in (useLoginWithOAuth); the input schema refuses an unknown provider before sending.
        provider: provider as OAuthProviderId,
        redirect_to: redirectTo,
        token: null,
        code_challenge: await s256Challenge(verifier),
        state_code: state,
      }))
    } catch (error) {
      popup?.close()
      foyer.storage.remove(flowStorageKey(foyer))
      throw error
    }
    if (!popup || popup.closed) {
      win.location.assign(url)
      return null
    }
    popup.location.href = url
    const message = await waitForPopupMessage(popup, new URL(redirectTo).origin, win)
    return await finishOAuth(foyer, { code: message.authorizationCode, state: message.stateCode, provider })
  } catch (error) {
    fail(foyer, error)
    throw toBaseError(error)
  }
}

/**
 * Waits for the popup's FOYER_OAUTH_RESPONSE. Only messages from exactly `origin` AND from the
 * window we opened count; anything else is ignored. A popup closed without answering fails.
 */
export function waitForPopupMessage(popup: Window, origin: string, win: Window = window): Promise<{ stateCode: string; authorizationCode: string }> {
  return new Promise((resolve, reject) => {
    let closedSince = 0
    const done = () => {
      win.removeEventListener('message', onMessage)
      clearInterval(timer)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== popup) return
      const data = event.data as { type?: string; stateCode?: unknown; authorizationCode?: unknown } | null
      if (data?.type === popupMessages.response && typeof data.stateCode === 'string' && typeof data.authorizationCode === 'string') {
        done()
        resolve({ stateCode: data.stateCode, authorizationCode: data.authorizationCode })
      } else if (data?.type === popupMessages.error) {
        done()
        reject(new FlowError('Something went wrong. Try again.', oauthErrorCodes.popupFailed))
      }
    }
    // The popup posts and then closes itself; a short grace lets that last message arrive first.
    const timer = setInterval(() => {
      if (!popup.closed) return
      closedSince ||= Date.now()
      if (Date.now() - closedSince < 1000) return
      done()
      reject(new FlowError('Something went wrong. Try again.', oauthErrorCodes.popupFailed))
    }, 250)
    win.addEventListener('message', onMessage)
  })
}

/** The linked account of `type` with `subject`, from a user. */
function findAccount(user: RawUser, provider: string): LinkedAccount | null {
  const found = user.linkedAccounts.filter((a) => a.type === `${provider}_oauth`)
  return (found.at(-1) as LinkedAccount | undefined) ?? null
}

/**
 * Finishes a flow from the return parameters: denial, stored verifier, state check, then
 * oauth/authenticate (or oauth/link) and the kernel's completeAuth. The stored flow is always deleted.
 */
export async function finishOAuth(foyer: Foyer, returned: { code: string; state: string; provider: string }): Promise<AuthResult> {
  const key = flowStorageKey(foyer)
  let stored: StoredFlow | null = null
  try {
    stored = JSON.parse(foyer.storage.get(key) ?? 'null') as StoredFlow | null
  } catch {}
  foyer.storage.remove(key)
  const provider = stored?.provider ?? returned.provider
  const intent = stored?.intent ?? 'login'
  setState(foyer, { status: 'loading', provider, intent, error: null, phase: 'return', fromModal: stored?.fromModal ?? getOAuthState(foyer).fromModal })
  try {
    if (returned.code === 'undefined') throw new FlowError('Invalid code during oauth flow', oauthErrorCodes.userDenied)
    if (!stored?.verifier) throw new FlowError('Authentication error', flowErrorCodes.unknownAuth)
    if (stored.state !== returned.state) {
      foyer.track('oauth_unexpected_state', { provider })
      throw new FlowError('Unexpected auth flow. This may be a phishing attempt.', oauthErrorCodes.unexpected)
    }
    const proof = { authorization_code: returned.code, state_code: returned.state, code_verifier: stored.verifier }
    let result: AuthResult
    if (intent === 'link') {
      const response = await oauthCalls.link(foyer, proof)
      result = await foyer.completeAuth(response, { loginMethod: provider, account: findAccount(response.user, provider), intent: 'link' })
    } else {
      const mode = stored.disableSignup ? 'no-signup' : 'login-or-sign-up'
      const response = await oauthCalls.authenticate(foyer, { ...proof, mode })
      result = await foyer.completeAuth(response, { loginMethod: provider, account: findAccount(response.user, provider), intent: 'login' })
    }
    setState(foyer, { status: 'done', result })
    return result
  } catch (error) {
    fail(foyer, error)
    throw toBaseError(error)
  }
}

function toBaseError(error: unknown): BaseError {
  return error instanceof BaseError ? error : new FlowError('Invalid code during OAuth flow', flowErrorCodes.unknownAuth, { cause: error })
}

function fail(foyer: Foyer, error: unknown) {
  if (getOAuthState(foyer).status === 'error') return
  setState(foyer, { status: 'error', error: toBaseError(error) })
}

/**
 * Reads the return parameters on page load (the plugin's setup). In a popup of our own page it
 * posts the result to the opener (exact origin, never '*') and closes; otherwise it removes them
 * from the URL and finishes the login once the kernel is ready (reopening the modal for modal flows).
 */
export function handleOAuthReturn(foyer: Foyer, win: Window = window): void {
  const returned = readReturnParams(win.location.href)
  if (!returned) return
  const opener = sameOriginOpener(win)
  win.history.replaceState(win.history.state, '', withoutReturnParams(win.location.href))
  if (opener) {
    const message =
      returned === 'partial'
        ? { type: popupMessages.error, error: 'Missing OAuth return parameters' }
        : { type: popupMessages.response, stateCode: returned.state, authorizationCode: returned.code }
    opener.postMessage(message, win.location.origin)
    win.close()
    return
  }
  if (returned === 'partial') return
  let stored: Partial<StoredFlow> | null = null
  try {
    stored = JSON.parse(foyer.storage.get(flowStorageKey(foyer)) ?? 'null') as Partial<StoredFlow> | null
  } catch {}
  const run = () => {
    if (stored?.fromModal !== false) {
      foyer.modal.open({ intent: stored?.intent ?? 'login', screen: 'oauth/status', params: { provider: returned.provider } })
    }
    finishOAuth(foyer, returned).catch((error) => onModalFlowError(foyer, error, returned.provider))
  }
  // The session restore must settle first, or it could overwrite the session this login sets.
  if (foyer.$ready.peek()) run()
  else {
    const stop = foyer.$ready.subscribe((ready) => {
      if (!ready) return
      queueMicrotask(() => stop())
      run()
    })
  }
}

/** After a failed modal flow: report to the host; route kernel-owned failures to their screens. */
export function onModalFlowError(foyer: Foyer, error: unknown, provider: string) {
  const e = toBaseError(error)
  foyer.failAuth(e)
  if (!foyer.$modal.peek().open) return
  if (e.code === oauthErrorCodes.inAppBrowser) {
    foyer.modal.replace(uiScreens.inAppBrowser, { title: e.shortMessage, detail: foyer.t('error.inAppBrowser.detail') })
  } else if (hasFailureScreen(e)) {
    foyer.modal.showError(e)
  }
  // Everything else shows on the OAuth status screen, with retry.
  void provider
}

/** Starts a flow from the modal: the status screen shows progress; errors land there or on kernel screens. */
export function startModalOAuth(foyer: Foyer, provider: string, options: { replace?: boolean } = {}) {
  const { intent, options: login } = foyer.$modal.peek()
  const params = { provider }
  if (options.replace) foyer.modal.replace('oauth/status', params)
  else foyer.modal.push('oauth/status', params)
  startOAuth(foyer, { provider, intent: isAuthIntent(intent) ? intent : 'login', disableSignup: login.disableSignup === true, fromModal: true }).catch((error) =>
    onModalFlowError(foyer, error, provider),
  )
}

/** Title and text of a failed flow on the status screen (the spec's OAuth texts, §8). */
export function oauthErrorView(error: BaseError, provider: string, t: Foyer['t']): { title: string; detail: string; retry: boolean } {
  const name = providerDisplayName(provider)
  const title = t('oauth.error.title', { provider: name })
  const view = (key: string, retry = true) => ({ title, detail: t(key, { provider: name }), retry })
  switch (error.code) {
    case oauthErrorCodes.userDenied:
      return view('oauth.error.denied')
    case oauthErrorCodes.popupFailed:
      return view('oauth.error.popup')
    case 'TOO_MANY_REQUESTS':
      return view('oauth.error.rateLimit')
    case 'OAUTH_ACCOUNT_SUSPENDED':
      return view('oauth.error.suspended', false)
    case 'CANNOT_LINK_MORE_OF_TYPE':
      return view('oauth.error.cannotLinkMore', false)
    case 'LINKED_TO_ANOTHER_USER':
      return view('error.linkedToAnother.detail', false)
    case 'INVALID_CREDENTIALS':
    case 'INTERNAL_ERROR':
      return view('oauth.error.unexpected')
  }
  // Flow errors carry the spec's text; server codes pass through with their message.
  if (error instanceof FlowError || error.name === 'ApiError') return { title, detail: t(error.shortMessage), retry: true }
  return view('oauth.error.unexpected')
}
