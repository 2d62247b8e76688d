import { apiClient } from '../../core/client/apiClient.js'
import type { Foyer } from '../../core/client/types.js'
import type { LinkedAccount, RawUser } from '../../core/protocol/index.js'
import type { smsApi } from './api.js'

/** The SMS plugin's calls, typed from its schemas. */
export const smsCalls = apiClient<typeof smsApi>('sms')

/** The code screen's id. */
export const SMS_CODE_SCREEN = 'sms/code'

/** Texts a code to `phoneNumber` (E.164; the captcha middleware adds its token when the app has captcha on). */
export const sendSmsCode = (foyer: Foyer, phoneNumber: string) => smsCalls.init(foyer, { phoneNumber, token: null })

/** Texts a code, then asks for it: what the landing entry, the link and the update screens do. */
export async function sendCodeAndAsk(foyer: Foyer, phoneNumber: string): Promise<void> {
  await sendSmsCode(foyer, phoneNumber)
  foyer.modal.push(SMS_CODE_SCREEN, { phoneNumber })
}

/** The phone account with `number` (E.164) in a user's linked accounts. */
export function findPhoneAccount(user: RawUser, number: string): LinkedAccount | null {
  const found = user.linkedAccounts.find((a) => a.type === 'phone' && (a as LinkedAccount).number === number)
  return (found as LinkedAccount | undefined) ?? null
}
