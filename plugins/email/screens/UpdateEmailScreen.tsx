import { useSignals } from '@preact/signals-react/runtime'
import { ScreenLayout, useFoyerKernel, useT } from '../../../ui/index.js'
import { sendCodeAndAsk } from '../emailCalls.js'
import { EmailAddressForm } from './EmailAddressForm.js'

/** 'Update your email': the new address gets the code (intent 'update' → POST /passwordless/update). */
export default function UpdateEmailScreen() {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const current = foyer.$session.value.user?.email?.address ?? ''
  const send = (email: string) => sendCodeAndAsk(foyer, email)
  return (
    <ScreenLayout title={t('email.update.title')} subtitle={t('email.update.subtitle', { address: current })}>
      <EmailAddressForm onSubmit={send} />
    </ScreenLayout>
  )
}
