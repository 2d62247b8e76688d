// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin } from '../../core/client/plugin.js'
import { fakeLoginPlugin, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { useLogin } from '../hooks/useLogin.js'
import { ScreenLayout } from '../primitives/ScreenLayout.js'

afterEach(cleanup)

/** A plugin with a two-button screen and an undismissable screen. */
const screensPlugin = definePlugin({
  id: 'demo',
  kind: 'feature',
  screens: {
    form: {
      load: async () => ({
        default: () => (
          <ScreenLayout title="Demo form">
            <button type="button">First</button>
            <button type="button">Last</button>
          </ScreenLayout>
        ),
      }),
    },
    locked: { dismissable: false, load: async () => ({ default: () => <ScreenLayout title="Locked" /> }) },
    late: { load: async () => ({ default: LateInputScreen }) },
  },
})

/** A screen whose input comes after its buttons (like a landing entry whose code loads later), when the test says. */
let revealLateInput: (() => void) | null = null
function LateInputScreen() {
  const [shown, setShown] = useState(false)
  useEffect(() => void (revealLateInput = () => setShown(true)), [])
  return (
    <ScreenLayout title="Late input">
      <button type="button">Other way</button>
      {shown && <input aria-label="Late field" />}
    </ScreenLayout>
  )
}

function LoginButton({ onError }: { onError: (code: string) => void }) {
  const { login } = useLogin({ onError })
  return (
    <button type="button" onClick={() => login()}>
      Open
    </button>
  )
}

describe('Modal', () => {
  it('is a labelled modal dialog that Esc closes, reporting the exit through onError, and returns focus', async () => {
    const onError = vi.fn()
    const { foyer } = await renderWithFoyer(<LoginButton onError={onError} />, { plugins: [fakeLoginPlugin('a')] })
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.contains(document.activeElement)).toBe(true)

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(foyer.$modal.peek().open).toBe(false)
    expect(onError).toHaveBeenCalledWith('EXITED_AUTH_FLOW')
    expect(document.activeElement).toBe(opener)
  })

  it('moves focus to an input that appears after the screen, unless the user acted first', async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [screensPlugin] })
    act(() => foyer.modal.open({ screen: 'demo/late' }))
    await screen.findByRole('dialog', { name: 'Late input' })
    act(() => revealLateInput!())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Late field')))
    act(() => foyer.modal.close())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    act(() => foyer.modal.open({ screen: 'demo/late' }))
    await screen.findByRole('dialog', { name: 'Late input' })
    const other = screen.getByRole('button', { name: 'Other way' })
    fireEvent.keyDown(other, { key: 'ArrowDown' })
    act(() => revealLateInput!())
    await screen.findByLabelText('Late field')
    expect(document.activeElement).toBe(other)
  })

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { foyer } = await renderWithFoyer(<button type="button">Outside</button>, { plugins: [screensPlugin] })
    act(() => foyer.modal.open({ screen: 'demo/form' }))
    await screen.findByRole('dialog', { name: 'Demo form' })
    const close = screen.getByRole('button', { name: 'Close' })
    const last = screen.getByRole('button', { name: 'Last' })
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
    // Focus that escaped the dialog is pulled back in.
    screen.getByRole('button', { name: 'Outside' }).focus()
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
  })

  it('shows back only above the first screen, and neither Esc nor a close button on an undismissable screen', async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [screensPlugin] })
    act(() => foyer.modal.open({ screen: 'demo/form' }))
    await screen.findByRole('dialog', { name: 'Demo form' })
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()

    act(() => foyer.modal.push('demo/locked'))
    await screen.findByRole('dialog', { name: 'Locked' })
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(foyer.$modal.peek().open).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    await screen.findByRole('dialog', { name: 'Demo form' })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(foyer.$modal.peek().open).toBe(false)
  })

  it('renders the error screen from params and goes back with its call to action', async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [screensPlugin] })
    act(() => foyer.modal.open({ screen: 'demo/form' }))
    await screen.findByRole('dialog', { name: 'Demo form' })
    act(() => foyer.modal.push('foyer/error', { title: 'Request failed', detail: 'Too many attempts.', cta: { label: 'Try again later', action: 'back' } }))
    await screen.findByRole('dialog', { name: 'Request failed' })
    expect(screen.getByText('Too many attempts.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again later' }))
    await screen.findByRole('dialog', { name: 'Demo form' })
  })

  it("shows the failure screens with their default titles ('Unable to sign in')", async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [screensPlugin] })
    act(() => foyer.modal.open({ screen: 'foyer/user-limit', params: {} }))
    expect(await screen.findByRole('dialog', { name: 'Unable to sign in' })).toBeTruthy()
    act(() => foyer.modal.push('foyer/in-app-browser', {}))
    expect(await screen.findByRole('dialog', { name: 'In-app browser login not possible' })).toBeTruthy()
    act(() => foyer.modal.push('foyer/success', {}))
    expect(await screen.findByRole('dialog', { name: 'Success!' })).toBeTruthy()
  })

  it('themes through --foyer-* variables from the config, with the stylesheet injected once', async () => {
    const { foyer } = await renderWithFoyer(null, {
      plugins: [screensPlugin],
      config: { appearance: { theme: 'dark', accentColor: '#ff0066' } },
    })
    act(() => foyer.modal.open({ screen: 'demo/form' }))
    const dialog = await screen.findByRole('dialog')
    const root = dialog.closest('.foyer-root') as HTMLElement
    expect(root.dataset.foyerTheme).toBe('dark')
    expect(root.style.getPropertyValue('--foyer-accent')).toBe('#ff0066')
    expect(document.querySelectorAll('style#foyer-styles')).toHaveLength(1)
  })
})

describe('FoyerProvider config changes', () => {
  it('restyle an open modal in place (theme, accent) without a new kernel', async () => {
    const { foyer } = await renderWithFoyer(<span />, { plugins: [fakeLoginPlugin('a')], config: { appearance: { theme: 'light' } } })
    act(() => foyer.modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    const root = dialog.closest('.foyer-root') as HTMLElement
    expect(root.dataset.foyerTheme).toBe('light')
    act(() => foyer.updateConfig({ appearance: { theme: 'dark', accentColor: '#ff0066' } }))
    expect(root.dataset.foyerTheme).toBe('dark')
    expect(root.style.getPropertyValue('--foyer-accent')).toBe('#ff0066')
    expect(foyer.$modal.peek().open).toBe(true)
  })
})
