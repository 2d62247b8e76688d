import { ValidationError } from '../../../core/errors/index.js'
import type { RawUser, TokenResponse } from '../../../core/protocol/index.js'
import { OtpCodeScreen, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { findPhoneAccount } from '../useLoginWithSms.js'

/** 'Enter confirmation code' for a phone number: login, link or update depending on the modal's intent. */
export default function SmsCodeScreen({ params }: ScreenProps<{ phoneNumber: string; display?: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const phoneNumber = params.phoneNumber

  const onSubmit = async (code: string) => {
    const { intent, options } = foyer.$modal.peek()
    if (intent === 'link') {
      const user = await foyer.call<RawUser>('sms.link', { phoneNumber, code })
      await foyer.completeAuth({ user }, { loginMethod: 'sms', account: findPhoneAccount(user, phoneNumber), intent: 'link' })
      return
    }
    if (intent === 'update') {
      const old = foyer.$session.peek().user?.phone?.number
      if (typeof old !== 'string') throw new ValidationError(t('sms.noPhoneToUpdate'))
      const user = await foyer.call<RawUser>('sms.update', { old_phone_number: old, new_phone_number: phoneNumber, code })
      await foyer.completeAuth({ user }, { loginMethod: 'sms', account: findPhoneAccount(user, phoneNumber), intent: 'update' })
      return
    }
    const mode = options.disableSignup ? 'no-signup' : 'login-or-sign-up'
    const response = await foyer.call<TokenResponse>('sms.authenticate', { phoneNumber, code, mode })
    await foyer.completeAuth(response, { loginMethod: 'sms', account: findPhoneAccount(response.user, phoneNumber), intent: 'login' })
  }

  const onResend = async () => {
    await foyer.call('sms.init', { phoneNumber, token: null })
  }

  // The number the user just typed, formatted; a caller that only knows it may pass a masked one.
  return <OtpCodeScreen destination={params.display ?? phoneNumber} onSubmit={onSubmit} onResend={onResend} />
}
