import { transferWith } from '../../core/client/accounts.js'
import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { FlowError, flowErrorCodes } from '../../core/errors/index.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { emailApi } from './api.js'
import type { User } from '../../core/protocol/index.js'

// The entry's own typed calls, the same as emailCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const emailCalls = apiClient<typeof emailApi>('email')

/** Options of the e-mail login plugin. */
export interface EmailPluginOptions {
  /** Position on the landing list among options of equal config order (lower first). */
  order?: number
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The e-mail plugin's English texts (screens and landing entry). */
export const emailPluginTexts = {
  'email.label': 'Email',
  // Landing rows are named by their method alone, like 'Google' or 'Telegram' beside them.
  'email.continue': 'Email',
  'email.inputLabel': 'Email address',
  'email.placeholder': 'your@email.com',
  'email.submit': 'Submit',
  'email.noEmailToUpdate': 'User must have an email to update it',
  'email.link.title': 'Link your email',
  'email.link.subtitle': "Enter the email address you want to add. We'll send it a code to confirm it's yours.",
  'email.update.title': 'Update your email',
  'email.update.subtitle': "Your current email is {address}. Enter the new one and we'll send it a code.",
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/></svg>'

/** E-mail code login: `plugins={[email()]}`. */
export function email(options: EmailPluginOptions = {}) {
  return definePlugin({
    id: 'email',
    kind: 'login',
    meta: {
      label: 'email.label',
      icon,
      group: 'email',
      loginMethod: 'email',
      serverFlag: 'email_auth',
      ...(options.order !== undefined ? { order: options.order } : {}),
    },
    api: () => import('./api.js').then((m) => m.emailApi),
    entry: { load: () => import('./screens/EmailEntry.js') },
    screens: {
      code: { load: () => import('./screens/EmailCodeScreen.js'), title: 'otp.title', preload: true },
      link: { load: () => import('./screens/LinkEmailScreen.js'), title: 'email.link.title' },
      update: { load: () => import('./screens/UpdateEmailScreen.js'), title: 'email.update.title' },
    },
    accounts: {
      link: { email: (foyer: Foyer) => foyer.modal.open({ intent: 'link', screen: 'email/link' }) },
      linkOnce: { email: 'email' },
      unlink: { email: (foyer: Foyer, address: string) => emailCalls.unlink(foyer, { address }) },
      update: {
        email(foyer: Foyer) {
          // §5: only a user who has an e-mail can update it; nothing opens otherwise.
          if (!foyer.$session.peek().user?.email) throw new FlowError(foyer.t('email.noEmailToUpdate'), flowErrorCodes.failedToUpdate)
          foyer.modal.open({ intent: 'update', screen: 'email/update' })
        },
      },
      transfer: { email: transferWith(emailCalls.transfer) },
    },
    texts: { ...emailPluginTexts, ...options.texts },
  })
}

export { useLoginWithEmail, type UseLoginWithEmailParameters, type UseLoginWithEmailReturnType, type EmailLoginState, type EmailLoginStatus } from './useLoginWithEmail.js'
export * from './emailApiExports.js'

// The hook functions hosts get with this plugin (useLinkAccount, useUnlinkAccount, useFoyer).
declare module 'foyer' {
  interface FoyerLinkFunctions {
    /** Opens 'Link your email'. */
    linkEmail(options?: unknown): Promise<void>
  }
  interface FoyerUnlinkFunctions {
    unlinkEmail(address: string): Promise<User>
  }
  interface FoyerUpdateFunctions {
    /** Opens 'Update your email'; rejects when the user has none (callbacks: useUpdateEmail). */
    updateEmail(options?: unknown): Promise<void>
  }
}
