// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LoginOptions } from '../../core/client/types.js'
import { errorResponse, fakeLoginPlugin, renderWithFoyer, type RenderWithFoyerOptions } from '../../test/kit/renderWithFoyer.js'
import { sms } from './index.js'
import { findEnabledButton } from '../../test/kit/findEnabledButton.js'

afterEach(cleanup)

async function openLanding(options: RenderWithFoyerOptions = {}, login?: LoginOptions) {
  const rendered = await renderWithFoyer(null, {
    plugins: [sms()],
    appConfig: { email_auth: false, sms_auth: true },
    routes: { '/api/v1/passwordless_sms/init': () => ({ success: true }) },
    ...options,
  })
  act(() => rendered.foyer.modal.open(login ? { login } : {}))
  const input = (await screen.findByLabelText('Phone number')) as HTMLInputElement
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(200))
  const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement
  return { ...rendered, input, submit }
}

describe('SmsEntry', () => {
  it('shows the phone input directly when SMS is the first web2 option, submit disabled until the number is valid', async () => {
    const { input, submit } = await openLanding()
    expect(submit().disabled).toBe(true)
    fireEvent.change(input, { target: { value: '202555' } })
    expect(submit().disabled).toBe(true)
    fireEvent.change(input, { target: { value: '2025550123' } })
    expect(input.value).toBe('(202) 555-0123')
    expect(submit().disabled).toBe(false)
  })

  it("uses the host's intl.defaultCountry", async () => {
    await openLanding({ config: { intl: { defaultCountry: 'GB' } } })
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('GB')
  })

  it('sends the E.164 number on Enter and shows the code screen with the masked number', async () => {
    const { input, requests } = await openLanding()
    fireEvent.change(input, { target: { value: '2025550123' } })
    await act(async () => void fireEvent.keyDown(input, { key: 'Enter' }))
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    // The spec's masked display: '*' and the last 4 characters.
    expect(screen.getByText(/Please check \*0123 and enter/)).toBeTruthy()
    expect(screen.queryByText(/202 555/)).toBeNull()
    const init = requests.filter((r) => r.path === '/api/v1/passwordless_sms/init')
    expect(init).toHaveLength(1)
    expect(init[0]!.body).toEqual({ phoneNumber: '+12025550123', token: null })
  })

  it('prefills from login({ prefill: { type: phone } })', async () => {
    const { input, submit } = await openLanding({}, { prefill: { type: 'phone', value: '+44 7400 123456' } })
    await waitFor(() => expect(input.value).toBe('07400 123456'))
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('GB')
    expect(submit().disabled).toBe(false)
  })

  it("a region outside the app's allowlist shows 'This region is not supported'", async () => {
    const { input } = await openLanding({
      routes: {
        '/api/v1/passwordless_sms/init': () => errorResponse(403, 'region_not_supported', 'SMS authentication from this region is not available'),
      },
    })
    fireEvent.change(input, { target: { value: '2025550123' } })
    await act(async () => void fireEvent.keyDown(input, { key: 'Enter' }))
    expect(await screen.findByRole('heading', { name: 'This region is not supported' })).toBeTruthy()
    expect(screen.getByText('SMS authentication from this region is not available')).toBeTruthy()
  })

  it('an SMS verification failure shows its message, and the button returns to the input', async () => {
    const { input } = await openLanding({
      routes: {
        '/api/v1/passwordless_sms/init': () => errorResponse(422, 'sms_verification_failed', 'SMS verification failed: The number is unreachable.'),
      },
    })
    fireEvent.change(input, { target: { value: '2025550123' } })
    await act(async () => void fireEvent.keyDown(input, { key: 'Enter' }))
    expect(await screen.findByRole('heading', { name: 'SMS verification failed: The number is unreachable.' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('Phone number')).toBeTruthy()
  })

  it("is an 'SMS' button that expands when another option comes first", async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [fakeLoginPlugin('google'), sms()], appConfig: { sms_auth: true } })
    act(() => foyer.modal.open())
    fireEvent.click(await findEnabledButton('SMS'))
    expect(await screen.findByLabelText('Phone number')).toBeTruthy()
  })

  it('is not offered when the app disables sms_auth', async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [fakeLoginPlugin('google'), sms()], appConfig: { sms_auth: false } })
    act(() => foyer.modal.open())
    await screen.findByRole('button', { name: 'Entry google' })
    expect(screen.queryByRole('button', { name: 'SMS' })).toBeNull()
    expect(screen.queryByLabelText('Phone number')).toBeNull()
  })
})
