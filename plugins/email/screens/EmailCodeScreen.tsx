import { ValidationError } from '../../../core/errors/index.js'
import type { RawUser, TokenResponse } from '../../../core/protocol/index.js'
import { OtpCodeScreen, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
import { findEmailAccount } from '../useLoginWithEmail.js'

/** 'Enter confirmation code' for an e-mail: login, link or update depending on the modal's intent. */
export default function EmailCodeScreen({ params }: ScreenProps<{ email: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const email = params.email

  const onSubmit = async (code: string) => {
    const { intent, options } = foyer.$modal.peek()
    if (intent === 'link') {
      const user = await foyer.call<RawUser>('email.link', { email, code })
      await foyer.completeAuth({ user }, { loginMethod: 'email', account: findEmailAccount(user, email), intent: 'link' })
      return
    }
    if (intent === 'update') {
      const oldAddress = foyer.$session.peek().user?.email?.address
      if (!oldAddress) throw new ValidationError(t('email.noEmailToUpdate'))
      const user = await foyer.call<RawUser>('email.update', { oldAddress, newAddress: email, code })
      await foyer.completeAuth({ user }, { loginMethod: 'email', account: findEmailAccount(user, email), intent: 'update' })
      return
    }
    const mode = options.disableSignup ? 'no-signup' : 'login-or-sign-up'
    const response = await foyer.call<TokenResponse>('email.authenticate', { email, code, mode })
    await foyer.completeAuth(response, { loginMethod: 'email', account: findEmailAccount(response.user, email), intent: 'login' })
  }

  const onResend = async () => {
    await foyer.call('email.init', { email, token: null })
  }

  return <OtpCodeScreen destination={email} onSubmit={onSubmit} onResend={onResend} />
}
