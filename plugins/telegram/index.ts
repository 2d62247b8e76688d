import { transferWith } from '../../core/client/accounts.js'
import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer, Intent } from '../../core/client/types.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { telegramApi } from './api.js'
import { telegramTexts } from './telegramTexts.js'
import { readTelegramReturn } from './telegramReturn.js'
import type { User } from '../../core/protocol/index.js'

// The entry's own typed calls, the same as telegramCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const telegramCalls = apiClient<typeof telegramApi>('telegram')

/** Options of the Telegram login plugin. */
export interface TelegramPluginOptions {
  /** Login Widget script URL; default the app config's, else https://telegram.org/js/telegram-widget.js?22. */
  widgetScriptUrl?: string
  /** Position on the landing list among options of equal config order. */
  order?: number
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The Telegram plugin's English texts. */
export const telegramPluginTexts = {
  'telegram.label': 'Telegram',
  'telegram.title': 'Log in with Telegram',
  'telegram.subtitle': 'Confirm the login in Telegram. You will come back here.',
  'telegram.verifying': 'Verifying your Telegram account',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="currentColor"><path d="M21.9 4.3 18.6 19.8c-.2 1.1-.9 1.4-1.8.9l-5-3.7-2.4 2.3c-.3.3-.5.5-1 .5l.4-5.1 9.2-8.3c.4-.4-.1-.6-.6-.2L6 13.4 1.1 11.9c-1.1-.3-1.1-1.1.2-1.6L20.5 2.9c.9-.3 1.7.2 1.4 1.4Z"/></svg>'

/** Runs once Foyer is ready (config loaded, session restored). */
function whenReady(foyer: Foyer, run: () => void): () => void {
  let done = false
  return foyer.$ready.subscribe((ready) => {
    if (!ready || done) return
    done = true
    run()
  })
}

/** Telegram login (Login Widget and Mini App seamless auth): `plugins={[telegram()]}`. */
export function telegram(options: TelegramPluginOptions = {}) {
  return definePlugin({
    id: 'telegram',
    kind: 'login',
    widgetScriptUrl: options.widgetScriptUrl,
    meta: {
      label: 'telegram.label',
      icon,
      group: 'social',
      loginMethod: 'telegram',
      serverFlag: 'telegram',
      ...(options.order !== undefined ? { order: options.order } : {}),
    },
    api: () => import('./api.js').then((m) => m.telegramApi),
    entry: { load: () => import('./screens/TelegramEntry.js') },
    screens: {
      auth: { load: () => import('./screens/TelegramAuthScreen.js'), title: 'telegram.title' },
    },
    accounts: {
      link: { telegram: (foyer: Foyer) => foyer.modal.open({ intent: 'link', screen: 'telegram/auth', params: { intent: 'link' } }) },
      linkOnce: { telegram: 'telegram' },
      unlink: {
        telegram: (foyer: Foyer, telegramUserId: string | number) => telegramCalls.unlink(foyer, { telegram_user_id: String(telegramUserId) }),
      },
      transfer: {
        telegram: transferWith(telegramCalls.transfer),
      },
    },
    errors: {
      TELEGRAM_AUTH_CANCELED: telegramTexts.canceled,
      TELEGRAM_NOT_INITIALIZED: telegramTexts.notInitialized,
    },
    texts: { ...telegramPluginTexts, ...options.texts },
    setup(foyer: Foyer) {
      if (typeof window === 'undefined') return
      const back = readTelegramReturn(new URL(window.location.href))
      if (back) {
        // The parameters leave the address bar at once: a reload or a shared link must not resend them.
        window.history.replaceState(window.history.state, '', back.cleaned.href)
        const key = `foyer:${foyer.appId}:telegram_intent`
        const intent: Intent = foyer.storage.get(key) === 'link' ? 'link' : 'login'
        foyer.storage.remove(key)
        return whenReady(foyer, () => {
          foyer.modal.open({
            intent,
            screen: 'telegram/auth',
            params: back.payload ? { payload: back.payload, intent } : { error: 'canceled', intent },
          })
        })
      }
      if (!(window as { Telegram?: { WebApp?: { initData?: string } } }).Telegram?.WebApp?.initData) return
      // Seamless auth: inside a Telegram Mini App with the option on, the user is signed in without a click.
      return whenReady(foyer, () => {
        const config = foyer.$config.peek()
        if (!config?.server.telegram || !config.server.telegram_auth_config?.seamless_auth_enabled) return
        if (foyer.$session.peek().status === 'authenticated') return
        // The flow module loads only now: most pages never need it.
        void import('./telegramFlow.js')
          .then(({ submitTelegram, telegramWebAppData }) => submitTelegram(foyer, { webAppData: telegramWebAppData()! }, 'login'))
          .catch((error) => foyer.failAuth(error))
      })
    },
  })
}

export { useLoginWithTelegram, type UseLoginWithTelegramParameters, type UseLoginWithTelegramReturnType, type TelegramLoginState, type TelegramLoginStatus } from './useLoginWithTelegram.js'
export { readTelegramReturn } from './telegramReturn.js'
export * from './telegramApiExports.js'

// The hook functions hosts get with this plugin (useLinkAccount, useUnlinkAccount, useFoyer).
declare module 'foyer' {
  interface FoyerLinkFunctions {
    linkTelegram(options?: unknown): Promise<void>
  }
  interface FoyerUnlinkFunctions {
    unlinkTelegram(telegramUserId: string | number): Promise<User>
  }
}
