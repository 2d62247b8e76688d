import { ValidationError } from '../../../core/errors/index.js'
import type { RawUser, TokenResponse } from '../../../core/protocol/index.js'
import { OtpCodeScreen, useFoyerKernel, useT, verifyOtpCode, type OtpCodeCalls, type ScreenProps } from '../../../ui/index.js'
import { findEmailAccount } from '../useLoginWithEmail.js'

/** 'Enter confirmation code' for an e-mail: login, link or update depending on the modal's intent. */
export default function EmailCodeScreen({ params }: ScreenProps<{ email: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const email = params.email

  const calls: OtpCodeCalls = {
    loginMethod: 'email',
    authenticate: (code, mode) => foyer.call<TokenResponse>('email.authenticate', { email, code, mode }),
    link: (code) => foyer.call<RawUser>('email.link', { email, code }),
    update: async (code) => {
      const oldAddress = foyer.$session.peek().user?.email?.address
      if (!oldAddress) throw new ValidationError(t('email.noEmailToUpdate'))
      return foyer.call<RawUser>('email.update', { oldAddress, newAddress: email, code })
    },
    findAccount: (user) => findEmailAccount(user, email),
  }

  const onResend = async () => {
    await foyer.call('email.init', { email, token: null })
  }

  return <OtpCodeScreen destination={email} onSubmit={(code) => verifyOtpCode(foyer, calls, code)} onResend={onResend} />
}
