import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useMemo, useState, type FormEvent, type KeyboardEvent } from 'react'
import * as v from 'valibot'
import { Button, TextInput, useEntrySubmit, useFoyerKernel, useT, type LandingEntryProps } from '../../../ui/index.js'
import { sendCodeAndAsk } from '../emailCalls.js'
import { emailSchema } from '../schema.js'
import { emailFieldError } from './emailFieldError.js'

/**
 * The e-mail option on the landing list: an 'Email' button that expands into the
 * input, or the input directly when it is the first web2 option.
 */
export default function EmailEntry({ inline }: Partial<LandingEntryProps>) {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const disablePlusEmails = useComputed(() => foyer.$config.value?.disablePlusEmails === true).value
  const [value, setValue] = useState(() => {
    const prefill = foyer.$modal.peek().options.prefill
    return prefill?.type === 'email' ? prefill.value : ''
  })
  const [expanded, setExpanded] = useState(inline === true || value !== '')
  const [attempted, setAttempted] = useState(false)
  const { submitting, submit: send } = useEntrySubmit(async (email: string) => {
    await sendCodeAndAsk(foyer, email)
  })

  const schema = useMemo(() => emailSchema({ disablePlusEmails }), [disablePlusEmails])
  const result = v.safeParse(schema, value)
  const issue = emailFieldError(result, attempted)
  const error = issue ? t(issue) : null

  const submit = async () => {
    setAttempted(true)
    if (result.success) await send(result.output)
  }

  if (!expanded) {
    return (
      <Button variant="option" icon={foyer.registry.plugin('email')?.meta?.icon} onClick={() => setExpanded(true)}>
        {t('email.continue')}
      </Button>
    )
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submit()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    void submit()
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextInput
        label={t('email.inputLabel')}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={t('email.placeholder')}
        value={value}
        autoFocus={!inline}
        disabled={submitting}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={error}
        action={
          <Button type="submit" variant="primary" disabled={!result.success} loading={submitting}>
            {t('email.submit')}
          </Button>
        }
      />
    </form>
  )
}
