import { definePlugin } from '../../core/client/plugin.js'
import { emailApi } from './api.js'

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
  'email.continue': 'Continue with email',
  'email.inputLabel': 'Email address',
  'email.placeholder': 'your@email.com',
  'email.submit': 'Submit',
  'email.noEmailToUpdate': 'User must have an email to update it',
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
    api: emailApi,
    entry: { load: () => import('./screens/EmailEntry.js') },
    screens: {
      code: { load: () => import('./screens/EmailCodeScreen.js'), title: 'otp.title' },
    },
    texts: { ...emailPluginTexts, ...options.texts },
  })
}

export { useLoginWithEmail, type UseLoginWithEmailParameters, type UseLoginWithEmailReturnType, type EmailLoginState, type EmailLoginStatus } from './useLoginWithEmail.js'
export { emailApi, emailPaths } from './api.js'
export * from './schema.js'
