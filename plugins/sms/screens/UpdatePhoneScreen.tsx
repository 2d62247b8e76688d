import { useSignals } from '@preact/signals-react/runtime'
import { PhoneInput, ScreenLayout, useEntrySubmit, useFoyerKernel, useT, type PhoneValue } from '../../../ui/index.js'
import { sendCodeAndAsk } from '../smsCalls.js'

/** 'Update your phone': the new number gets the code (intent 'update' → POST /passwordless_sms/update). */
export default function UpdatePhoneScreen() {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const current = foyer.$session.value.user?.phone?.number
  const { submitting, submit } = useEntrySubmit(async (phone: PhoneValue) => {
    await sendCodeAndAsk(foyer, phone.e164)
  })
  return (
    <ScreenLayout title={t('sms.update.title')} subtitle={t('sms.update.subtitle', { number: typeof current === 'string' ? current : '' })}>
      <PhoneInput onSubmit={submit} submitting={submitting} autoFocus submitLabel={t('sms.submit')} />
    </ScreenLayout>
  )
}
