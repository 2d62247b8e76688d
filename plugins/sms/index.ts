import { definePlugin } from '../../core/client/plugin.js'
import { smsApi } from './api.js'

/** Options of the SMS login plugin. */
export interface SmsPluginOptions {
  /** Position on the landing list among options of equal config order (lower first). */
  order?: number
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The SMS plugin's English texts (screens and landing entry). */
export const smsPluginTexts = {
  'sms.label': 'SMS',
  'sms.continue': 'Continue with SMS',
  'sms.submit': 'Submit',
  'sms.noPhoneToUpdate': 'User must have a phone number to update it',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="6" y="2" width="12" height="20" rx="2"/><path d="M11 18h2"/></svg>'

/** SMS code login: `plugins={[sms()]}`. The phone input's country metadata loads only when it shows. */
export function sms(options: SmsPluginOptions = {}) {
  return definePlugin({
    id: 'sms',
    kind: 'login',
    meta: {
      label: 'sms.label',
      icon,
      group: 'sms',
      loginMethod: 'sms',
      serverFlag: 'sms_auth',
      ...(options.order !== undefined ? { order: options.order } : {}),
    },
    api: smsApi,
    entry: { load: () => import('./screens/SmsEntry.js') },
    screens: {
      code: { load: () => import('./screens/SmsCodeScreen.js'), title: 'otp.title' },
    },
    texts: { ...smsPluginTexts, ...options.texts },
  })
}

export { useLoginWithSms, findPhoneAccount, type UseLoginWithSmsParameters, type UseLoginWithSmsReturnType, type SmsLoginState, type SmsLoginStatus } from './useLoginWithSms.js'
export { smsApi, smsPaths } from './api.js'
export * from './schema.js'
