// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AuthResult } from '../../core/client/types.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { email, useLoginWithEmail } from './index.js'
import { codeBoxes, typeCode } from '../../test/kit/codeBoxes.js'
import { LoginButton } from '../../test/kit/LoginButton.js'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
}, 60_000)
afterAll(() => server.close())
afterEach(cleanup)

// The kernel talks to the in-process server: no sockets.
const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

describe('e-mail login through the modal', () => {
  it('sends a code, rejects a wrong one inline, accepts the right one and reports the login', async () => {
    const onComplete = vi.fn()
    const address = `modal-${Date.now()}@example.com`
    const { foyer } = await renderWithFoyer(<LoginButton onComplete={onComplete} />, {
      plugins: [email()],
      fetch,
      config: { successDelayMs: 1000 },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    const input = await screen.findByLabelText('Email address')
    fireEvent.change(input, { target: { value: address } })
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByRole('heading', { name: 'Enter confirmation code' })

    const code = await server.lastCode(address)
    const wrong = code === '000000' ? '111111' : '000000'
    await act(async () => typeCode(wrong))
    expect(await screen.findByText('Invalid or expired verification code')).toBeTruthy()
    expect(foyer.$session.peek().status).toBe('unauthenticated')

    await waitFor(() => expect((codeBoxes()[0] as HTMLInputElement).value).toBe(''), { timeout: 3000 })
    await act(async () => typeCode(code))
    await screen.findByRole('heading', { name: 'Success!' }, { timeout: 3000 })
    expect(foyer.$session.peek().status).toBe('authenticated')
    expect(onComplete).toHaveBeenCalledTimes(1)
    const result = onComplete.mock.calls[0]![0] as AuthResult
    expect(result.loginMethod).toBe('email')
    expect(result.loginAccount?.address).toBe(address)
    expect(result.user.email?.address).toBe(address)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
  })
})

function Headless({ onComplete }: { onComplete: (r: AuthResult) => void }) {
  const { sendCode, loginWithCode, state } = useLoginWithEmail({ onComplete })
  return (
    <div>
      <p data-testid="status">{state.status}</p>
      <p data-testid="error">{state.error?.shortMessage ?? ''}</p>
      <button type="button" onClick={() => sendCode({ email: (document.getElementById('e') as HTMLInputElement).value }).catch(() => {})}>
        send
      </button>
      <button type="button" onClick={() => loginWithCode({ code: (document.getElementById('c') as HTMLInputElement).value }).catch(() => {})}>
        verify
      </button>
      <input id="e" aria-label="e" />
      <input id="c" aria-label="c" />
    </div>
  )
}

describe('useLoginWithEmail', () => {
  it('goes initial → awaiting-code-input → done, checking the code locally first', async () => {
    const onComplete = vi.fn()
    const address = `headless-${Date.now()}@example.com`
    const { foyer } = await renderWithFoyer(<Headless onComplete={onComplete} />, { plugins: [email()], fetch })
    const status = () => screen.getByTestId('status').textContent
    expect(status()).toBe('initial')

    fireEvent.change(screen.getByLabelText('e'), { target: { value: address } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'send' })))
    await waitFor(() => expect(status()).toBe('awaiting-code-input'))

    fireEvent.change(screen.getByLabelText('c'), { target: { value: '12ab56' } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'verify' })))
    expect(status()).toBe('error')
    expect(screen.getByTestId('error').textContent).toBe('Code should be numeric')

    fireEvent.change(screen.getByLabelText('c'), { target: { value: await server.lastCode(address) } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'verify' })))
    await waitFor(() => expect(status()).toBe('done'))
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(foyer.$session.peek().user?.email?.address).toBe(address)
  })

  it("reports 'Auth flow must be initialized first' for a code before sendCode", async () => {
    await renderWithFoyer(<Headless onComplete={() => {}} />, { plugins: [email()], fetch })
    fireEvent.change(screen.getByLabelText('c'), { target: { value: '123456' } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'verify' })))
    expect(screen.getByTestId('status').textContent).toBe('error')
    expect(screen.getByTestId('error').textContent).toBe('Auth flow must be initialized first')
  })
})
