import { useSignals } from '@preact/signals-react/runtime'
import { useContext, useEffect, useId, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react'
import { FoyerContext } from '../FoyerContext.js'
import { useT } from '../i18n/useT.js'
import { Button } from './Button.js'
import { ErrorText } from './ErrorText.js'
import { loadPhoneRules, nextPhoneInputState, type PhoneInputEvent, type PhoneInputState, type PhoneRulesModule } from './phoneInputState.js'
import type { PhoneValue } from './phoneRules.js'

export type { PhoneValue } from './phoneRules.js'

/** PhoneInput props. */
export interface PhoneInputProps {
  /** Called with the checked number (E.164, country, international format) on submit. */
  onSubmit: (phone: PhoneValue) => void | Promise<void>
  /** Initial country; default the app's `intl.defaultCountry`, else US. */
  defaultCountry?: string
  /** Initial text: an international number selects its country (login prefill). */
  initialValue?: string
  /** Submit button label. Default 'Submit'. */
  submitLabel?: string
  /** Busy: the field and the button are disabled. */
  submitting?: boolean
  autoFocus?: boolean
  /** Called when the number becomes valid (with it) or stops being valid (null). */
  onChange?: (phone: PhoneValue | null) => void
}

const selectStyle: CSSProperties = { position: 'absolute', inset: 0, width: '100%', opacity: 0, cursor: 'pointer', font: 'inherit' }
const countryStyle: CSSProperties = { position: 'relative', flex: 'none', display: 'inline-flex', alignItems: 'center', gap: 4, paddingRight: 8, borderRight: '1px solid var(--foyer-border)', fontSize: 15, whiteSpace: 'nowrap' }

/**
 * A phone number field: a country selector, as-you-type formatting and a submit button enabled only
 * for a number valid for the selected country. libphonenumber-js and its metadata load lazily.
 */
export function PhoneInput({ onSubmit, defaultCountry, initialValue = '', submitLabel, submitting = false, autoFocus, onChange }: PhoneInputProps) {
  useSignals()
  const foyer = useContext(FoyerContext)
  const t = useT()
  const id = useId()
  const [rules, setRules] = useState<PhoneRulesModule | null>(null)
  const [state, setState] = useState<PhoneInputState>(() => ({
    country: (defaultCountry ?? foyer?.$config.peek()?.intl.defaultCountry ?? 'US').toUpperCase(),
    input: initialValue,
  }))
  const [attempted, setAttempted] = useState(false)
  const reported = useRef<string | null>(null)
  const touched = useRef(false)

  // The app config may answer after the first render: follow its default country until the user acts.
  const configCountry = foyer?.$config.value?.intl.defaultCountry
  useEffect(() => {
    if (defaultCountry || touched.current || !configCountry) return
    const country = rules ? rules.supportedCountry(configCountry.toUpperCase()) : configCountry.toUpperCase()
    setState((current) => (current.input ? current : { ...current, country }))
  }, [configCountry, defaultCountry, rules])

  useEffect(() => {
    let live = true
    void loadPhoneRules().then((loaded) => {
      if (!live) return
      setRules(loaded)
      setState((current) => {
        let country = loaded.supportedCountry(current.country)
        let input = current.input
        // A prefilled international number picks its own country and shows its national part.
        const parsed = input.trim().startsWith('+') ? loaded.parsePhone(input, country) : null
        if (parsed) {
          country = parsed.country
          input = parsed.national
        }
        return nextPhoneInputState({ country, input }, { type: 'loaded', rules: loaded }, loaded)
      })
    })
    return () => {
      live = false
    }
  }, [])

  const dispatch = (event: PhoneInputEvent) => {
    touched.current = true
    setState((current) => nextPhoneInputState(current, event, rules))
  }
  const check = rules ? rules.checkPhone(state.input, state.country) : null
  const value = check?.valid ? check.value : null
  const issue = check && !check.valid ? check.error : null
  // 'Too long' is said at once; an incomplete number only after the user tried to submit.
  const error = issue && (issue === 'phone.tooLong' || attempted) ? t(issue) : null

  useEffect(() => {
    const key = value?.e164 ?? null
    if (key === reported.current) return
    reported.current = key
    onChange?.(value)
  })

  const submit = () => {
    setAttempted(true)
    if (!value || submitting) return
    void onSubmit(value)
  }
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    submit()
  }

  const countries = rules ? rules.countryOptions() : [{ code: state.country, name: state.country, callingCode: '' }]
  const calling = rules ? `+${rules.callingCode(state.country)}` : ''
  const errorId = `${id}-error`
  return (
    <form onSubmit={onFormSubmit} noValidate>
      <div className="foyer-field">
        <div className="foyer-input-row">
          <span style={countryStyle}>
            <span aria-hidden="true" data-testid="phone-country">
              {state.country} {calling}
            </span>
            <select
              aria-label={t('phone.country')}
              value={state.country}
              disabled={submitting}
              style={selectStyle}
              onChange={(event) => {
                setAttempted(false)
                dispatch({ type: 'country', country: event.currentTarget.value })
              }}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.callingCode ? `${c.name} +${c.callingCode}` : c.name}
                </option>
              ))}
            </select>
          </span>
          <label htmlFor={id} className="foyer-visually-hidden">
            {t('phone.inputLabel')}
          </label>
          <input
            id={id}
            className="foyer-input"
            type="tel"
            name="phone"
            autoComplete="tel-national"
            inputMode="tel"
            value={state.input}
            autoFocus={autoFocus}
            disabled={submitting}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => dispatch({ type: 'input', value: event.currentTarget.value })}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" variant="primary" disabled={!value} loading={submitting}>
            {submitLabel ?? t('common.submit')}
          </Button>
        </div>
        <ErrorText id={errorId}>{error}</ErrorText>
      </div>
    </form>
  )
}
