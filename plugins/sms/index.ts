import { transferWith } from '../../core/client/accounts.js'
import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { FlowError, flowErrorCodes } from '../../core/errors/index.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { smsApi } from './api.js'
import type { User } from '../../core/protocol/index.js'

// The entry's own typed calls, the same as smsCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const smsCalls = apiClient<typeof smsApi>('sms')

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
  // Landing rows are named by their method alone, like 'Google' or 'Telegram' beside them.
  'sms.continue': 'SMS',
  'sms.submit': 'Submit',
  'sms.noPhoneToUpdate': 'User must have a phone number to update it',
  'sms.link.title': 'Link your phone',
  'sms.link.subtitle': "Enter the phone number you want to add. We'll text it a code to confirm it's yours.",
  'sms.update.title': 'Update your phone',
  'sms.update.subtitle': "Your current number is {number}. Enter the new one and we'll text it a code.",
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
    api: () => import('./api.js').then((m) => m.smsApi),
    // The kernel's §8 row (title 'This region is not supported') shows it on the error screen; this is its text.
    errors: { REGION_NOT_SUPPORTED: 'error.region.detail' },
    entry: { load: () => import('./screens/SmsEntry.js') },
    screens: {
      code: { load: () => import('./screens/SmsCodeScreen.js'), title: 'otp.title', preload: true },
      link: { load: () => import('./screens/LinkPhoneScreen.js'), title: 'sms.link.title' },
      update: { load: () => import('./screens/UpdatePhoneScreen.js'), title: 'sms.update.title' },
    },
    accounts: {
      link: { phone: (foyer: Foyer) => foyer.modal.open({ intent: 'link', screen: 'sms/link' }) },
      linkOnce: { phone: 'phone' },
      unlink: { phone: (foyer: Foyer, phoneNumber: string) => smsCalls.unlink(foyer, { phoneNumber }) },
      update: {
        phone(foyer: Foyer) {
          // §5: only a user who has a phone can update it; nothing opens otherwise.
          if (!foyer.$session.peek().user?.phone) throw new FlowError(foyer.t('sms.noPhoneToUpdate'), flowErrorCodes.failedToUpdate)
          foyer.modal.open({ intent: 'update', screen: 'sms/update' })
        },
      },
      transfer: { phone: transferWith(smsCalls.transfer) },
    },
    texts: { ...smsPluginTexts, ...options.texts },
  })
}

export { findPhoneAccount } from './smsExports.js'
export { useLoginWithSms, type UseLoginWithSmsParameters, type UseLoginWithSmsReturnType, type SmsLoginState, type SmsLoginStatus } from './useLoginWithSms.js'
export * from './smsApiExports.js'

// The hook functions hosts get with this plugin (useLinkAccount, useUnlinkAccount, useFoyer).
declare module 'foyer' {
  interface FoyerLinkFunctions {
    /** Opens 'Link your phone'. */
    linkPhone(options?: unknown): Promise<void>
  }
  interface FoyerUnlinkFunctions {
    unlinkPhone(phoneNumber: string): Promise<User>
  }
  interface FoyerUpdateFunctions {
    /** Opens 'Update your phone'; rejects when the user has none (callbacks: useUpdatePhone). */
    updatePhone(options?: unknown): Promise<void>
  }
}
