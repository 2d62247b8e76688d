import { PhoneInput, ScreenLayout, useEntrySubmit, useFoyerKernel, useT, type PhoneValue } from '../../../ui/index.js'
import { sendCodeAndAsk } from '../smsCalls.js'

/** 'Link your phone': a number, then the code screen (intent 'link' → POST /passwordless_sms/link). */
export default function LinkPhoneScreen() {
  const foyer = useFoyerKernel()
  const t = useT()
  const { submitting, submit } = useEntrySubmit(async (phone: PhoneValue) => {
    await sendCodeAndAsk(foyer, phone.e164)
  })
  return (
    <ScreenLayout title={t('sms.link.title')} subtitle={t('sms.link.subtitle')}>
      <PhoneInput onSubmit={submit} submitting={submitting} autoFocus submitLabel={t('sms.submit')} />
    </ScreenLayout>
  )
}
