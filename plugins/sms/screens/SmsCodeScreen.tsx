import { ValidationError } from '../../../core/errors/index.js'
import { verifyOtpCode, type OtpCodeCalls } from '../../../core/client/actions/verifyOtpCode.js'
import { maskPhone, OtpCodeScreen, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
// Not from useLoginWithSms.ts: the plugin entry re-exports that hook, and esbuild (--splitting) puts a module an entry
// reaches and a lazy chunk uses in every host's first load.
import { findPhoneAccount, sendSmsCode, smsCalls } from '../smsCalls.js'

/** 'Enter confirmation code' for a phone number: login, link or update depending on the modal's intent. */
export default function SmsCodeScreen({ params }: ScreenProps<{ phoneNumber: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const phoneNumber = params.phoneNumber

  const calls: OtpCodeCalls = {
    loginMethod: 'sms',
    authenticate: (code, mode) => smsCalls.authenticate(foyer, { phoneNumber, code, mode }),
    link: (code) => smsCalls.link(foyer, { phoneNumber, code }),
    update: async (code) => {
      const old = foyer.$session.peek().user?.phone?.number
      if (typeof old !== 'string') throw new ValidationError(t('sms.noPhoneToUpdate'))
      return smsCalls.update(foyer, { old_phone_number: old, new_phone_number: phoneNumber, code })
    },
    findAccount: (user) => findPhoneAccount(user, phoneNumber),
  }

  const onResend = async () => {
    await sendSmsCode(foyer, phoneNumber)
  }

  // The spec's masked display: an asterisk and the last 4 characters ('*0123'), never the whole number.
  return <OtpCodeScreen destination={maskPhone(phoneNumber)} onSubmit={(code) => verifyOtpCode(foyer, { calls, code })} onResend={onResend} />
}
