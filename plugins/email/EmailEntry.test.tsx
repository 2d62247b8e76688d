// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { errorResponse, renderWithFoyer, type RenderWithFoyerOptions } from '../../test/kit/renderWithFoyer.js'
import type { LoginOptions } from '../../core/client/types.js'
import { email } from './index.js'
import { findEnabledButton } from '../../test/kit/findEnabledButton.js'

afterEach(cleanup)

async function openLanding(options: RenderWithFoyerOptions = {}, login?: LoginOptions) {
  const rendered = await renderWithFoyer(null, {
    plugins: [email()],
    routes: { '/api/v1/passwordless/init': () => ({ success: true }) },
    ...options,
  })
  act(() => rendered.foyer.modal.open(login ? { login } : {}))
  const input = (await screen.findByLabelText('Email address')) as HTMLInputElement
  const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement
  return { ...rendered, input, submit }
}

describe('EmailEntry', () => {
  it('shows the input directly when e-mail is the first web2 option, submit disabled until the address is valid', async () => {
    const { input, submit } = await openLanding()
    expect(submit().disabled).toBe(true)
    fireEvent.change(input, { target: { value: 'not-an-email' } })
    expect(submit().disabled).toBe(true)
    fireEvent.change(input, { target: { value: 'ada@example.com' } })
    expect(submit().disabled).toBe(false)
  })

  it("refuses plus addresses when the app disables them, with the spec's message", async () => {
    const { input, submit } = await openLanding({ appConfig: { disable_plus_emails: true } })
    fireEvent.change(input, { target: { value: 'ada+news@example.com' } })
    expect(screen.getByRole('alert').textContent).toBe("Please enter a valid email address without a '+'.")
    expect(submit().disabled).toBe(true)
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(screen.queryByRole('heading', { name: 'Enter confirmation code' })).toBeNull()
  })

  it('says at once why a 600-character address leaves Submit disabled (too long), not silently', async () => {
    const { input, submit } = await openLanding()
    fireEvent.change(input, { target: { value: `${'a'.repeat(588)}@example.com` } })
    expect(submit().disabled).toBe(true)
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address of at most 320 characters.')
    fireEvent.change(input, { target: { value: 'ada@example.com' } })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('accepts plus addresses when the app allows them', async () => {
    const { input, submit } = await openLanding()
    fireEvent.change(input, { target: { value: 'ada+news@example.com' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(submit().disabled).toBe(false)
  })

  it('sends the code on Enter and moves to the code screen', async () => {
    const { input, requests } = await openLanding()
    fireEvent.change(input, { target: { value: ' Ada@Example.com ' } })
    await act(async () => void fireEvent.keyDown(input, { key: 'Enter' }))
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(screen.getByText(/ada@example\.com/)).toBeTruthy()
    const init = requests.filter((r) => r.path === '/api/v1/passwordless/init')
    expect(init).toHaveLength(1)
    expect(init[0]!.body).toEqual({ email: 'ada@example.com', token: null })
  })

  it('prefills from login({ prefill })', async () => {
    const { input } = await openLanding({}, { prefill: { type: 'email', value: 'pre@example.com' } })
    expect(input.value).toBe('pre@example.com')
  })

  it('shows the error screen when sending fails, and its button returns to the input', async () => {
    const { input } = await openLanding({ routes: { '/api/v1/passwordless/init': () => errorResponse(429, 'too_many_requests', 'Too many requests') } })
    fireEvent.change(input, { target: { value: 'ada@example.com' } })
    await act(async () => void fireEvent.keyDown(input, { key: 'Enter' }))
    expect(await screen.findByRole('heading', { name: 'Request failed' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again later' }))
    expect(await screen.findByLabelText('Email address')).toBeTruthy()
  })

  it("is an 'Email' button that expands when another option comes first", async () => {
    const { fakeLoginPlugin } = await import('../../test/kit/renderWithFoyer.js')
    const { foyer } = await renderWithFoyer(null, { plugins: [fakeLoginPlugin('google'), email()] })
    act(() => foyer.modal.open())
    fireEvent.click(await findEnabledButton('Email'))
    expect(await screen.findByLabelText('Email address')).toBeTruthy()
  })
})
