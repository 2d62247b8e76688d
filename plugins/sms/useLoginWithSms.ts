import { ValidationError } from '../../core/errors/index.js'
import { useOtpLogin, type OtpLoginMethod, type OtpLoginState, type OtpLoginStatus, type UseOtpLoginParameters, type UseOtpLoginReturnType } from '../../ui/hooks/useOtpLogin.js'
import { loadPhoneRules } from '../../ui/primitives/phoneInputState.js'
import { CodeSchema, PHONE_INPUT_MAX_LENGTH, smsTexts } from './schema.js'
import { findPhoneAccount, sendSmsCode, smsCalls } from './smsCalls.js'

/** Where a headless SMS login is (Privy's OTP states). */
export type SmsLoginStatus = OtpLoginStatus

/** `state` of useLoginWithSms. */
export type SmsLoginState = OtpLoginState

/** Callbacks of useLoginWithSms. */
export type UseLoginWithSmsParameters = UseOtpLoginParameters

/** What sendCode of useLoginWithSms takes. */
interface SmsSendCodeArgs {
  /** International ('+1 202 555 0123'), or national in the app's default country. */
  phoneNumber: string
  disableSignup?: boolean
}

/** What useLoginWithSms returns. */
export type UseLoginWithSmsReturnType = UseOtpLoginReturnType<SmsSendCodeArgs>

const smsLogin: OtpLoginMethod<SmsSendCodeArgs, { phoneNumber: string; defaultCountry: string }> = {
  loginMethod: 'sms',
  check({ phoneNumber }, foyer) {
    const defaultCountry = foyer.$config.peek()?.intl.defaultCountry ?? 'US'
    if (typeof phoneNumber !== 'string' || !phoneNumber.trim()) {
      throw new ValidationError(smsTexts.phoneRequired, { phoneNumber: smsTexts.phoneRequired })
    }
    if (phoneNumber.length > PHONE_INPUT_MAX_LENGTH) throw new ValidationError(smsTexts.tooLong, { phoneNumber: smsTexts.tooLong })
    return { phoneNumber, defaultCountry }
  },
  async sendCode({ phoneNumber, defaultCountry }, foyer) {
    // The number rules (libphonenumber metadata) load on first use, not with the page.
    const rules = await loadPhoneRules()
    const phone = rules.parsePhone(phoneNumber, defaultCountry)
    if (!phone) throw new ValidationError(smsTexts.invalidPhone, { phoneNumber: smsTexts.invalidPhone })
    await sendSmsCode(foyer, phone.e164)
    return phone.e164
  },
  authenticate: ({ destination, code, mode }, foyer) => smsCalls.authenticate(foyer, { phoneNumber: destination, code, mode }),
  findAccount: findPhoneAccount,
  codeSchema: CodeSchema,
}

/** Headless SMS login for a custom UI (Privy's `useLoginWithSms`). Errors land in `state` and `onError`. */
export function useLoginWithSms(callbacks: UseLoginWithSmsParameters = {}): UseLoginWithSmsReturnType {
  return useOtpLogin(smsLogin, callbacks)
}
