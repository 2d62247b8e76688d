import { transferWith } from '../../core/client/accounts.js'
import { definePlugin, type LandingEntryDef } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { oauthApi } from './api.js'
import { oauthServerErrorTexts } from './oauthErrorTexts.js'
import { oauthProviderIds, providerDisplayNames, type OAuthProviderId } from './providerIds.js'
import { createOAuthState, type OAuthFlowMode } from './oauthState.js'
import { readReturnParams } from './returnParams.js'
import type { User } from '../../core/protocol/index.js'

// The entry's own typed calls, the same as oauthCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const oauthCalls = apiClient<typeof oauthApi>('oauth')

/** How the provider's page opens: this tab navigates away and back, or a popup window. */
export type OAuthFlowOption = OAuthFlowMode

/** Options of the OAuth login plugin. */
export interface OAuthPluginOptions {
  /** Providers offered (each still needs its server flag). Default: all nine. */
  providers?: OAuthProviderId[]
  /** Default 'redirect'. A blocked popup falls back to the redirect. */
  flow?: OAuthFlowOption
  /** Position on the landing list among options of equal config order (lower first). */
  order?: number
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The OAuth plugin's English texts (spec §8 where it gives one; '{provider}' is the display name). */
export const oauthPluginTexts = {
  'oauth.loading.title': 'Logging in with {provider}',
  'oauth.loading.popup': 'Continue in the {provider} window.',
  'oauth.loading.redirect': 'Taking you to {provider}…',
  'oauth.loading.return': 'Finishing your {provider} login…',
  'oauth.error.title': 'Could not log in with {provider}',
  'oauth.error.denied': 'Retry and check {provider} to finish connecting your account.',
  'oauth.error.rateLimit': 'Request limit reached for {provider}. Please wait a moment and try again.',
  'oauth.error.suspended': 'Your {provider} account is suspended. Please try another login method.',
  'oauth.error.cannotLinkMore': 'You cannot authorize more than one account for this user.',
  'oauth.error.unexpected': 'Something went wrong. Please try again.',
  'oauth.error.popup': 'Something went wrong. Try again.',
  'oauth.retry': 'Retry',
  'oauth.done': 'Success!',
} as const

const entryScreen = { load: () => import('./screens/OAuthEntry.js') }

const unlinkOAuth = (foyer: Foyer, provider: OAuthProviderId, subject: string) => oauthCalls.unlink(foyer, { provider, subject })

/** Link, unlink and transfer per provider (`link.google`, `unlink.google(subject)`, `transfer.google_oauth`) plus `unlink.oauth(provider, subject)`. */
function oauthAccounts(ids: readonly OAuthProviderId[]) {
  const per = <F>(make: (id: OAuthProviderId) => F) => Object.fromEntries(ids.map((id) => [id, make(id)])) as Record<string, F>
  return {
    link: per((provider) => async (foyer: Foyer) => {
      foyer.modal.open({ intent: 'link', screen: 'oauth/status', params: { provider } })
      // The flow code loads on demand; a popup blocked by the lost click gesture falls back to the redirect.
      const { startModalOAuth } = await import('./oauthFlow.js')
      startModalOAuth(foyer, provider, { replace: true })
    }),
    unlink: { ...per((provider) => (foyer: Foyer, subject: string) => unlinkOAuth(foyer, provider, subject)), oauth: unlinkOAuth },
    linkOnce: per((provider) => `${provider}_oauth`),
    names: { linkedin: 'LinkedIn', oauth: 'OAuth' },
    transfer: Object.fromEntries(
      ids.map((id) => [`${id}_oauth`, transferWith(oauthCalls.transfer)]),
    ),
  }
}

/** OAuth social login (google, discord, github, linkedin, twitter, spotify, instagram, tiktok, apple, line): `plugins={[oauth()]}`. */
export function oauth(options: OAuthPluginOptions = {}) {
  const ids = options.providers ?? [...oauthProviderIds]
  const entries: LandingEntryDef[] = ids.map((id, index) => ({
    loginMethod: id,
    meta: {
      label: providerDisplayNames[id],
      // No icon here: the marks (~2.4 kB gzip) load with the entry screen (OAuthEntry), not with every page.
      group: 'social',
      serverFlag: id,
      ...(options.order !== undefined ? { order: options.order + index / 100 } : {}),
    },
    entry: entryScreen,
  }))
  return definePlugin({
    id: 'oauth',
    kind: 'login',
    api: () => import('./api.js').then((m) => m.oauthApi),
    entries,
    errors: oauthServerErrorTexts,
    accounts: oauthAccounts(ids),
    screens: {
      status: { load: () => import('./screens/OAuthStatusScreen.js'), title: 'oauth.loading.title' },
    },
    texts: { ...oauthPluginTexts, ...options.texts },
    state: (foyer: Foyer) => createOAuthState(foyer, options.flow ?? 'redirect'),
    setup(foyer: Foyer) {
      const win = typeof window === 'undefined' ? null : window
      // The flow code loads only when needed: on a return here, or with the entry on the landing list.
      if (win && readReturnParams(win.location.href)) void import('./oauthFlow.js').then((m) => m.handleOAuthReturn(foyer, win))
    },
  })
}

export { useLoginWithOAuth, type UseLoginWithOAuthParameters, type UseLoginWithOAuthReturnType } from './useLoginWithOAuth.js'
export { oauthProviders, oauthProviderIds, providerDisplayName, isOAuthProvider, type OAuthProviderId, type OAuthProviderMeta } from './providers.js'
export { returnParams as oauthReturnParams, popupMessages as oauthPopupMessages } from './returnParams.js'
export type { OAuthFlowState, OAuthStatus } from './oauthFlow.js'
export * from './oauthApiExports.js'

// The hook functions hosts get with this plugin (useLinkAccount, useUnlinkAccount, useFoyer): one per enabled provider.
declare module 'foyer' {
  interface FoyerLinkFunctions {
    linkGoogle(options?: unknown): Promise<void>
    linkTwitter(options?: unknown): Promise<void>
    linkDiscord(options?: unknown): Promise<void>
    linkGithub(options?: unknown): Promise<void>
    linkLinkedIn(options?: unknown): Promise<void>
    linkSpotify(options?: unknown): Promise<void>
    linkInstagram(options?: unknown): Promise<void>
    linkTiktok(options?: unknown): Promise<void>
    linkApple(options?: unknown): Promise<void>
  }
  interface FoyerUnlinkFunctions {
    unlinkGoogle(subject: string): Promise<User>
    unlinkTwitter(subject: string): Promise<User>
    unlinkDiscord(subject: string): Promise<User>
    unlinkGithub(subject: string): Promise<User>
    unlinkLinkedIn(subject: string): Promise<User>
    unlinkSpotify(subject: string): Promise<User>
    unlinkInstagram(subject: string): Promise<User>
    unlinkTiktok(subject: string): Promise<User>
    unlinkApple(subject: string): Promise<User>
    /** Any enabled provider by name. */
    unlinkOAuth(provider: string, subject: string): Promise<User>
  }
}
