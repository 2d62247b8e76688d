import { useImperativeHandle, useRef, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react'
import { useT } from '../i18n/useT.js'
import { ErrorText } from './ErrorText.js'

/** Digits of a passcode (the spec's verification length). */
export const CODE_LENGTH = 6

/** Imperative handle of CodeInput (also resettable by changing its `key`). */
export interface CodeInputHandle {
  /** Empties every box and focuses the first. */
  reset(): void
  focus(): void
}

/** CodeInput props. */
export interface CodeInputProps {
  /** Called once all 6 boxes hold a digit. */
  onComplete?: (code: string) => void
  /** Called on the first edit after mount or reset (lets the parent clear a stale error). */
  onEdit?: () => void
  disabled?: boolean
  /** An error from outside (e.g. a rejected code); the input's own validation messages win. */
  error?: string | null
  autoFocus?: boolean
  ref?: Ref<CodeInputHandle>
}

const EMPTY: readonly string[] = Array.from({ length: CODE_LENGTH }, () => '')

/**
 * Six one-digit boxes. State is local on purpose: typing re-renders this component only,
 * never the screen or the modal around it.
 */
export function CodeInput({ onComplete, onEdit, disabled = false, error: outerError, autoFocus = true, ref }: CodeInputProps) {
  const t = useT()
  const [digits, setDigits] = useState<readonly string[]>(EMPTY)
  const [error, setError] = useState<string | null>(null)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const edited = useRef(false)

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]
    box?.focus()
    box?.select()
  }

  useImperativeHandle(ref, () => ({
    reset() {
      edited.current = false
      setDigits(EMPTY)
      setError(null)
      // The boxes may still be disabled in this tick; focus once the parent has re-enabled them.
      setTimeout(() => focusBox(0), 0)
    },
    focus: () => focusBox(0),
  }))

  const markEdited = () => {
    if (edited.current) return
    edited.current = true
    onEdit?.()
  }

  const commit = (next: readonly string[], focusIndex: number) => {
    setDigits(next)
    setError(null)
    focusBox(focusIndex)
    if (next.every((d) => d !== '')) onComplete?.(next.join(''))
  }

  /** Writes `raw` into the boxes from `start`; validates as the spec says. */
  const fill = (start: number, raw: string) => {
    const value = raw.replace(/\s+/g, '')
    if (!value) return
    markEdited()
    if (!/^\d+$/.test(value)) return setError(t('otp.notNumeric'))
    if (value.length > CODE_LENGTH) return setError(t('otp.tooLong'))
    // A whole code (autofill, paste) always starts at the first box.
    const from = value.length === CODE_LENGTH ? 0 : start
    if (from + value.length > CODE_LENGTH) return setError(t('otp.tooLong'))
    const next = [...digits]
    for (let i = 0; i < value.length; i++) next[from + i] = value[i]!
    commit(next, from + value.length)
  }

  const onChange = (index: number, raw: string) => {
    const previous = digits[index]!
    let value = raw.replace(/\s+/g, '')
    if (value === '') {
      if (previous !== '') {
        markEdited()
        const next = [...digits]
        next[index] = ''
        setDigits(next)
      }
      return
    }
    // Typing into a filled box: keep the new character only.
    if (previous && value.length === 2) value = value.startsWith(previous) ? value.slice(1) : value.slice(0, 1)
    fill(index, value)
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault()
      markEdited()
      const target = digits[index] || event.key === 'Delete' ? index : index - 1
      if (target < 0) return
      const next = [...digits]
      next[target] = ''
      setDigits(next)
      setError(null)
      focusBox(target)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focusBox(index + 1)
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const text = event.clipboardData?.getData('text') ?? ''
    // A paste fills the boxes from the first one, whichever box had the focus.
    fill(0, text)
  }

  const shown = error ?? outerError ?? null
  return (
    <div className="foyer-field">
      <div className="foyer-code" role="group" aria-label={t('otp.code')} data-invalid={shown ? 'true' : undefined}>
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el
            }}
            className="foyer-code-box"
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('otp.digit', { n: index + 1 })}
            aria-invalid={shown ? true : undefined}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => onChange(index, event.currentTarget.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
          />
        ))}
      </div>
      <ErrorText>{shown}</ErrorText>
    </div>
  )
}
