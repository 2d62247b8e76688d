import { useState } from 'react'
import { Button, PhoneInput, useEntrySubmit, useFoyerKernel, useT, type LandingEntryProps, type PhoneValue } from '../../../ui/index.js'
import { sendCodeAndAsk } from '../smsCalls.js'

/**
 * The SMS option on the landing list: an 'SMS' button that expands into the phone
 * input, or the input directly when it is the first web2 option.
 */
export default function SmsEntry({ inline }: Partial<LandingEntryProps>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const [prefill] = useState(() => {
    const value = foyer.$modal.peek().options.prefill
    return value?.type === 'phone' ? value.value : ''
  })
  const [expanded, setExpanded] = useState(inline === true || prefill !== '')
  const { submitting, submit } = useEntrySubmit(async (phone: PhoneValue) => {
    await sendCodeAndAsk(foyer, phone.e164)
  })

  if (!expanded) {
    return (
      <Button variant="option" icon={foyer.registry.plugin('sms')?.meta?.icon} onClick={() => setExpanded(true)}>
        {t('sms.continue')}
      </Button>
    )
  }
  return <PhoneInput onSubmit={submit} initialValue={prefill} submitting={submitting} autoFocus={!inline} submitLabel={t('sms.submit')} />
}
