import { ValidationError } from '../../../core/errors/index.js'
import { verifyOtpCode, type OtpCodeCalls } from '../../../core/client/actions/verifyOtpCode.js'
import { OtpCodeScreen, useFoyerKernel, useT, type ScreenProps } from '../../../ui/index.js'
// Not from useLoginWithEmail.ts: the plugin entry re-exports that hook, and esbuild (--splitting) puts a module an entry
// reaches and a lazy chunk uses in every host's first load.
import { emailCalls, findEmailAccount, sendEmailCode } from '../emailCalls.js'

/** 'Enter confirmation code' for an e-mail: login, link or update depending on the modal's intent. */
export default function EmailCodeScreen({ params }: ScreenProps<{ email: string }>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const email = params.email

  const calls: OtpCodeCalls = {
    loginMethod: 'email',
    authenticate: (code, mode) => emailCalls.authenticate(foyer, { email, code, mode }),
    link: (code) => emailCalls.link(foyer, { email, code }),
    update: async (code) => {
      const oldAddress = foyer.$session.peek().user?.email?.address
      if (!oldAddress) throw new ValidationError(t('email.noEmailToUpdate'))
      return emailCalls.update(foyer, { oldAddress, newAddress: email, code })
    },
    findAccount: (user) => findEmailAccount(user, email),
  }

  const onResend = async () => {
    await sendEmailCode(foyer, email)
  }

  return <OtpCodeScreen destination={email} onSubmit={(code) => verifyOtpCode(foyer, { calls, code })} onResend={onResend} />
}
