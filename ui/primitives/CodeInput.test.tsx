// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CodeInput, type CodeInputHandle } from './CodeInput.js'

afterEach(cleanup)

const boxes = () => Array.from({ length: 6 }, (_, i) => screen.getByLabelText(`Digit ${i + 1}`) as HTMLInputElement)
const values = () => boxes().map((b) => b.value).join('')
const paste = (el: HTMLElement, text: string) => fireEvent.paste(el, { clipboardData: { getData: () => text } })

describe('CodeInput', () => {
  it('takes one digit per box and moves focus to the next box', () => {
    render(<CodeInput />)
    fireEvent.change(boxes()[0]!, { target: { value: '4' } })
    expect(boxes()[0]!.value).toBe('4')
    expect(document.activeElement).toBe(boxes()[1])
    fireEvent.change(boxes()[1]!, { target: { value: '2' } })
    expect(values()).toBe('42')
  })

  it('strips whitespace', () => {
    render(<CodeInput />)
    fireEvent.change(boxes()[0]!, { target: { value: ' ' } })
    expect(values()).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
    paste(boxes()[0]!, ' 12 34\n56 ')
    expect(values()).toBe('123456')
  })

  it('fills every box from a paste, whichever box has focus', () => {
    const onComplete = vi.fn()
    render(<CodeInput onComplete={onComplete} />)
    paste(boxes()[3]!, '987654')
    expect(boxes().map((b) => b.value)).toEqual(['9', '8', '7', '6', '5', '4'])
    expect(onComplete).toHaveBeenCalledWith('987654')
  })

  it("says 'Passcode can only be numbers' for a non-numeric entry and keeps the box empty", () => {
    render(<CodeInput />)
    fireEvent.change(boxes()[0]!, { target: { value: 'a' } })
    expect(screen.getByRole('alert').textContent).toBe('Passcode can only be numbers')
    expect(values()).toBe('')
    paste(boxes()[0]!, '12ab56')
    expect(screen.getByRole('alert').textContent).toBe('Passcode can only be numbers')
    fireEvent.change(boxes()[0]!, { target: { value: '1' } })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("says 'Passcode must be exactly 6 numbers' for more than 6 digits", () => {
    const onComplete = vi.fn()
    render(<CodeInput onComplete={onComplete} />)
    paste(boxes()[0]!, '1234567')
    expect(screen.getByRole('alert').textContent).toBe('Passcode must be exactly 6 numbers')
    expect(values()).toBe('')
    expect(onComplete).not.toHaveBeenCalled()
  })

  it('submits automatically once 6 digits are typed, exactly once', () => {
    const onComplete = vi.fn()
    render(<CodeInput onComplete={onComplete} />)
    '13579'.split('').forEach((d, i) => fireEvent.change(boxes()[i]!, { target: { value: d } }))
    expect(onComplete).not.toHaveBeenCalled()
    fireEvent.change(boxes()[5]!, { target: { value: '2' } })
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(onComplete).toHaveBeenCalledWith('135792')
  })

  it('replaces the digit when typing into a filled box', () => {
    render(<CodeInput />)
    fireEvent.change(boxes()[0]!, { target: { value: '1' } })
    fireEvent.change(boxes()[0]!, { target: { value: '17' } })
    expect(boxes()[0]!.value).toBe('7')
  })

  it('moves back with Backspace on an empty box and with the arrow keys', () => {
    render(<CodeInput />)
    fireEvent.change(boxes()[0]!, { target: { value: '1' } })
    fireEvent.change(boxes()[1]!, { target: { value: '2' } })
    fireEvent.keyDown(boxes()[2]!, { key: 'Backspace' })
    expect(values()).toBe('1')
    expect(document.activeElement).toBe(boxes()[1])
    fireEvent.keyDown(boxes()[1]!, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(boxes()[0])
    fireEvent.keyDown(boxes()[0]!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(boxes()[1])
  })

  it('is labelled per digit and offers one-time-code autofill on the first box', () => {
    render(<CodeInput />)
    expect(boxes()[0]!.getAttribute('autocomplete')).toBe('one-time-code')
    expect(boxes()[1]!.getAttribute('autocomplete')).toBe('off')
    expect(boxes()[0]!.getAttribute('inputmode')).toBe('numeric')
  })

  it('empties every box on reset()', () => {
    const ref = createRef<CodeInputHandle>()
    render(<CodeInput ref={ref} />)
    paste(boxes()[0]!, '123456')
    expect(values()).toBe('123456')
    act(() => ref.current!.reset())
    expect(values()).toBe('')
  })
})
