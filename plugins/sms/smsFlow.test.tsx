// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AuthResult } from '../../core/client/types.js'
import { emailServer } from '../email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { sms, useLoginWithSms } from './index.js'
import { smsServer } from './server.js'
import { codeBoxes, typeCode } from '../../test/kit/codeBoxes.js'
import { LoginButton } from '../../test/kit/LoginButton.js'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ plugins: [emailServer(), smsServer()], app: { sms_auth: true } })
}, 60_000)
afterAll(() => server.close())
afterEach(cleanup)

const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

describe('SMS login through the modal', () => {
  it('picks a country, sends a code, rejects a wrong one inline, accepts the right one and reports the phone account', async () => {
    const onComplete = vi.fn()
    const { foyer } = await renderWithFoyer(<LoginButton onComplete={onComplete} />, { plugins: [sms()], fetch, config: { successDelayMs: 500 } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    const input = await screen.findByLabelText('Phone number')
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(200))
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } })
    fireEvent.change(input, { target: { value: '07400 123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByRole('heading', { name: 'Enter confirmation code' })
    expect(screen.getByText(/Please check \*3456 and enter/)).toBeTruthy()

    const code = await server.lastCode('+447400123456')
    await act(async () => typeCode(code === '000000' ? '111111' : '000000'))
    expect(await screen.findByText('Invalid or expired verification code')).toBeTruthy()
    await waitFor(() => expect((codeBoxes()[0] as HTMLInputElement).value).toBe(''), { timeout: 3000 })
    await act(async () => typeCode(code))
    await screen.findByRole('heading', { name: 'Success!' }, { timeout: 3000 })
    const result = onComplete.mock.calls[0]![0] as AuthResult
    expect(result.loginMethod).toBe('sms')
    expect(result.loginAccount).toMatchObject({ type: 'phone', number: '+447400123456' })
    expect(foyer.$session.peek().user?.phone).toMatchObject({ type: 'phone', number: '+447400123456' })
  })

  it("links a phone with intent 'link' to a signed-in e-mail user", async () => {
    const address = `sms-link-${Date.now()}@example.com`
    const tokens = await server.login(address)
    const { foyer } = await renderWithFoyer(null, { plugins: [sms()], fetch })
    act(() => foyer.session.handleTokenResponse(tokens))
    act(() => foyer.modal.open({ intent: 'link', screen: 'sms/code', params: { phoneNumber: '+12025550177' } }))
    await server.request('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+12025550177' } })
    await screen.findByRole('heading', { name: 'Enter confirmation code' })
    await act(async () => typeCode(await server.lastCode('+12025550177')))
    await waitFor(() => expect(foyer.$session.peek().user?.phone).toMatchObject({ number: '+12025550177' }), { timeout: 3000 })
    expect(foyer.$session.peek().user?.email?.address).toBe(address)
  })
})

function Headless({ onComplete }: { onComplete: (r: AuthResult) => void }) {
  const { sendCode, loginWithCode, state } = useLoginWithSms({ onComplete })
  return (
    <div>
      <p data-testid="status">{state.status}</p>
      <p data-testid="error">{state.error?.shortMessage ?? ''}</p>
      <button type="button" onClick={() => sendCode({ phoneNumber: (document.getElementById('p') as HTMLInputElement).value }).catch(() => {})}>
        send
      </button>
      <button type="button" onClick={() => loginWithCode({ code: (document.getElementById('c') as HTMLInputElement).value }).catch(() => {})}>
        verify
      </button>
      <input id="p" aria-label="p" />
      <input id="c" aria-label="c" />
    </div>
  )
}

describe('useLoginWithSms', () => {
  it('goes initial → awaiting-code-input → done, with a national number in the default country', async () => {
    const onComplete = vi.fn()
    const { foyer } = await renderWithFoyer(<Headless onComplete={onComplete} />, { plugins: [sms()], fetch })
    const status = () => screen.getByTestId('status').textContent
    expect(status()).toBe('initial')

    fireEvent.change(screen.getByLabelText('p'), { target: { value: '(202) 555-0188' } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'send' })))
    await waitFor(() => expect(status()).toBe('awaiting-code-input'))

    fireEvent.change(screen.getByLabelText('c'), { target: { value: '12ab56' } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'verify' })))
    expect(status()).toBe('error')
    expect(screen.getByTestId('error').textContent).toBe('Code should be numeric')

    fireEvent.change(screen.getByLabelText('c'), { target: { value: await server.lastCode('+12025550188') } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'verify' })))
    await waitFor(() => expect(status()).toBe('done'))
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(foyer.$session.peek().user?.phone?.number).toBe('+12025550188')
  })

  it('an invalid number is an error without a request', async () => {
    const { requests } = await renderWithFoyer(<Headless onComplete={() => {}} />, { plugins: [sms()], fetch })
    fireEvent.change(screen.getByLabelText('p'), { target: { value: '555' } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'send' })))
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('error'))
    expect(screen.getByTestId('error').textContent).toBe('Please enter a valid phone number.')
    expect(requests.filter((r) => r.path.includes('passwordless_sms'))).toEqual([])
  })

  it("reports 'Auth flow must be initialized first' for a code before sendCode", async () => {
    await renderWithFoyer(<Headless onComplete={() => {}} />, { plugins: [sms()], fetch })
    fireEvent.change(screen.getByLabelText('c'), { target: { value: '123456' } })
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'verify' })))
    expect(screen.getByTestId('error').textContent).toBe('Auth flow must be initialized first')
  })
})
