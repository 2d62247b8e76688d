// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { styles } from '../theme/styles.js'
import { ErrorText } from './ErrorText.js'

afterEach(cleanup)

describe('ErrorText', () => {
  it('renders an empty line (no alert) without a message, and an alert with the text when there is one', () => {
    const { container, rerender } = render(<ErrorText id="e">{null}</ErrorText>)
    const line = container.querySelector('p.foyer-error')!
    expect(line.id).toBe('e')
    expect(line.childNodes).toHaveLength(0)
    expect(screen.queryByRole('alert')).toBeNull()
    rerender(<ErrorText id="e">Please enter a valid email address.</ErrorText>)
    // Same line element: nothing is inserted above or below it.
    expect(container.querySelector('p.foyer-error')).toBe(line)
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.')
  })

  it('is styled so the empty line keeps its height inside a field and takes none elsewhere', () => {
    document.head.insertAdjacentHTML('beforeend', `<style>${styles}</style>`)
    const { container } = render(
      <div className="foyer-root">
        <div className="foyer-field" data-testid="field">
          <ErrorText>{null}</ErrorText>
        </div>
        <div data-testid="loose">
          <ErrorText>{null}</ErrorText>
        </div>
      </div>,
    )
    const [inField, loose] = [...container.querySelectorAll('p.foyer-error')] as HTMLElement[]
    expect(getComputedStyle(inField!).display).toBe('block')
    expect(getComputedStyle(inField!).minHeight).toBe('18px')
    expect(getComputedStyle(loose!).display).toBe('none')
  })
})
