import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { ErrorText } from './ErrorText.js'

/** TextInput props: a native input with an accessible label, an error and an inline action. */
export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Accessible label (visually hidden; the placeholder shows the hint). */
  label: string
  error?: string | null
  /** Rendered inside the field on the right (e.g. a Submit button). */
  action?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A labelled text field with an optional inline action and error message. */
export function TextInput({ label, error, action, id, ref, ...rest }: TextInputProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  return (
    <div className="foyer-field">
      <label htmlFor={inputId} className="foyer-visually-hidden">
        {label}
      </label>
      <div className="foyer-input-row">
        <input
          {...rest}
          ref={ref}
          id={inputId}
          className="foyer-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {action}
      </div>
      <ErrorText id={errorId}>{error}</ErrorText>
    </div>
  )
}
