// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeLoginPlugin, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { useFoyer } from './useFoyer.js'
import { useModalStatus } from './useModalStatus.js'

afterEach(cleanup)

function Status() {
  const { ready, authenticated, login } = useFoyer()
  const { isOpen } = useModalStatus()
  return (
    <div>
      <p data-testid="state">{`${ready ? 'ready' : 'loading'} ${authenticated ? 'in' : 'out'} ${isOpen ? 'open' : 'closed'}`}</p>
      <button type="button" onClick={() => login()}>
        login
      </button>
    </div>
  )
}

describe('hooks', () => {
  it('useFoyer is ready-gated: login does nothing before ready, opens the modal after', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { handlerFetch, testAppConfig } = await import('../../test/kit/renderWithFoyer.js')
    const inner = handlerFetch({}, testAppConfig())
    const slowFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate
      return inner.fetch(input, init)
    }) as typeof fetch
    const rendered = renderWithFoyer(<Status />, { plugins: [fakeLoginPlugin('a')], fetch: slowFetch, waitForReady: false })
    const { foyer } = await rendered
    expect(screen.getByTestId('state').textContent).toBe('loading out closed')
    fireEvent.click(screen.getByRole('button', { name: 'login' }))
    expect(foyer.$modal.peek().open).toBe(false)

    release()
    await act(() => foyer.init())
    expect(screen.getByTestId('state').textContent).toBe('ready out closed')
    fireEvent.click(screen.getByRole('button', { name: 'login' }))
    expect(screen.getByTestId('state').textContent).toBe('ready out open')
    expect(await screen.findByRole('dialog')).toBeTruthy()
  })

  it('survives StrictMode remounting (the kernel is not destroyed by the double effect)', async () => {
    const { foyer } = await renderWithFoyer(<Status />, { plugins: [fakeLoginPlugin('a')], wrap: (tree) => <StrictMode>{tree}</StrictMode> })
    expect(screen.getByTestId('state').textContent).toBe('ready out closed')
    act(() => foyer.modal.open())
    expect(await screen.findByText('Entry a')).toBeTruthy()
  })
})
