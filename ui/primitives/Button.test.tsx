// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Button } from './Button.js'

afterEach(cleanup)

const svg = '<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>'
const slotOf = (button: HTMLElement) => button.querySelector('.foyer-button-icon')

describe('Button', () => {
  it('gives every option row an icon slot before its label: the plugin icon, a node, or a neutral initial', () => {
    render(
      <>
        <Button variant="option" icon={svg}>
          Telegram
        </Button>
        <Button variant="option" icon={<svg data-testid="glyph" />}>
          More options
        </Button>
        <Button variant="option">MetaMask</Button>
      </>,
    )
    const [withIcon, withNode, without] = screen.getAllByRole('button')
    expect(slotOf(withIcon!)?.querySelector('svg')).toBeTruthy()
    expect(slotOf(withNode!)?.querySelector('[data-testid="glyph"]')).toBeTruthy()
    expect(slotOf(without!)?.hasAttribute('data-placeholder')).toBe(true)
    expect(slotOf(without!)?.textContent).toBe('M')
    // The slot comes first and is hidden from assistive tech: the names stay the labels.
    for (const button of [withIcon!, withNode!, without!]) {
      expect(button.firstElementChild).toBe(slotOf(button))
      expect(slotOf(button)?.getAttribute('aria-hidden')).toBe('true')
    }
    expect(screen.getByRole('button', { name: 'MetaMask' })).toBe(without)
  })

  it('adds no icon slot to other variants without an icon', () => {
    render(<Button variant="primary">Submit</Button>)
    expect(slotOf(screen.getByRole('button', { name: 'Submit' }))).toBeNull()
  })

  it('keeps the label in place while busy and lays the spinner over it (the button keeps its size)', () => {
    const { rerender } = render(<Button variant="primary">Submit</Button>)
    const button = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement
    expect(screen.queryByRole('status')).toBeNull()
    rerender(
      <Button variant="primary" loading>
        Submit
      </Button>,
    )
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.querySelector('.foyer-button-label')?.textContent).toBe('Submit')
    expect(button.querySelector('.foyer-button-busy [role="status"]')).toBeTruthy()
  })
})
