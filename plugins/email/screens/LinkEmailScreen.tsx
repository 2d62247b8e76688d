import { ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { sendCodeAndAsk } from '../emailCalls.js'
import { EmailAddressForm } from './EmailAddressForm.js'

/** 'Link your email': an address, then the code screen (intent 'link' → POST /passwordless/link). */
export default function LinkEmailScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  const send = (email: string) => sendCodeAndAsk(foyer, email)
  return (
    <ScreenLayout title={t('email.link.title')} subtitle={t('email.link.subtitle')}>
      <EmailAddressForm onSubmit={send} />
    </ScreenLayout>
  )
}
