import { apiClient } from '../../core/client/apiClient.js'
import type { Foyer } from '../../core/client/types.js'
import type { LinkedAccount, RawUser } from '../../core/protocol/index.js'
import type { emailApi } from './api.js'

/** The e-mail plugin's calls, typed from its schemas. */
export const emailCalls = apiClient<typeof emailApi>('email')

/** The code screen's id. */
export const EMAIL_CODE_SCREEN = 'email/code'

/** Sends a code to `email` (the captcha middleware adds its token when the app has captcha on). */
export const sendEmailCode = (foyer: Foyer, email: string) => emailCalls.init(foyer, { email, token: null })

/** Sends a code, then asks for it: what the landing entry, the link and the update screens do. */
export async function sendCodeAndAsk(foyer: Foyer, email: string): Promise<void> {
  await sendEmailCode(foyer, email)
  foyer.modal.push(EMAIL_CODE_SCREEN, { email })
}

/** The e-mail account with `address` in a user's linked accounts. */
export function findEmailAccount(user: RawUser, address: string): LinkedAccount | null {
  const found = user.linkedAccounts.find((a) => a.type === 'email' && (a as LinkedAccount).address === address)
  return (found as LinkedAccount | undefined) ?? null
}
