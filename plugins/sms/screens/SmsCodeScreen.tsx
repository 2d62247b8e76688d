import { ValidationError } from '../../../core/errors/index.js'
import type { RawUser, TokenResponse } from '../../../core/protocol/index.js'
import { maskPhone, OtpCodeScreen, useFoyerKernel, useT, verifyOtpCode, type OtpCodeCalls, type ScreenProps } from '../../../ui/index.js'
import { findPhoneAccount } from '../useLoginWithSms.js'

/** 'Enter confirmation code' for a phone number: login, link or update depending on the modal's intent. */
export default function SmsCodeScreen({ params }: ScreenProps<{ phoneNumber: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const phoneNumber = params.phoneNumber

  const calls: OtpCodeCalls = {
    loginMethod: 'sms',
    authenticate: (code, mode) => foyer.call<TokenResponse>('sms.authenticate', { phoneNumber, code, mode }),
    link: (code) => foyer.call<RawUser>('sms.link', { phoneNumber, code }),
    update: async (code) => {
      const old = foyer.$session.peek().user?.phone?.number
      if (typeof old !== 'string') throw new ValidationError(t('sms.noPhoneToUpdate'))
      return foyer.call<RawUser>('sms.update', { old_phone_number: old, new_phone_number: phoneNumber, code })
    },
    findAccount: (user) => findPhoneAccount(user, phoneNumber),
  }

  const onResend = async () => {
    await foyer.call('sms.init', { phoneNumber, token: null })
  }

  // The spec's masked display: an asterisk and the last 4 characters ('*0123'), never the whole number.
  return <OtpCodeScreen destination={maskPhone(phoneNumber)} onSubmit={(code) => verifyOtpCode(foyer, calls, code)} onResend={onResend} />
}
