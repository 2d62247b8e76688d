import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useMemo, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Button, TextInput, useEntrySubmit, useFoyerKernel, useT } from '../../../ui/index.js'
import { emailSchema } from '../schema.js'
import { emailFieldError } from './emailFieldError.js'

/** EmailAddressForm props. */
export interface EmailAddressFormProps {
  /** Runs with the checked, lower-cased address; a failure shows the error screen. */
  onSubmit: (email: string) => Promise<void>
}

/**
 * The e-mail field of the link and update screens: the landing entry's rules (valid address, the
 * '+' rule explained at once, submit disabled until valid or while sending, Enter submits).
 */
export function EmailAddressForm({ onSubmit }: EmailAddressFormProps) {
  useSignals()
  const foyer = useFoyerKernel()
  const t = useT()
  const disablePlusEmails = useComputed(() => foyer.$config.value?.disablePlusEmails === true).value
  const [value, setValue] = useState('')
  const [attempted, setAttempted] = useState(false)
  const { submitting, submit: send } = useEntrySubmit(onSubmit)

  const schema = useMemo(() => emailSchema({ disablePlusEmails }), [disablePlusEmails])
  const result = v.safeParse(schema, value)
  const issue = emailFieldError(result, attempted)
  const error = issue ? t(issue) : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (result.success) void send(result.output)
  }
  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label={t('email.inputLabel')}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={t('email.placeholder')}
        value={value}
        autoFocus
        disabled={submitting}
        onChange={(event) => setValue(event.currentTarget.value)}
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
