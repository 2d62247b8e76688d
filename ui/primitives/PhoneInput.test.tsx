// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { PhoneInput, type PhoneInputProps } from './PhoneInput.js'

afterEach(cleanup)

async function renderPhone(props: Partial<PhoneInputProps> = {}, defaultCountry?: string) {
  const onSubmit = vi.fn()
  await renderWithFoyer(<PhoneInput onSubmit={onSubmit} {...props} />, defaultCountry ? { config: { intl: { defaultCountry } } } : {})
  // The rules load lazily; the country list fills in when they have.
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(200))
  const input = screen.getByLabelText('Phone number') as HTMLInputElement
  const country = screen.getByLabelText('Country') as HTMLSelectElement
  const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement
  return { onSubmit, input, country, submit }
}

describe('PhoneInput', () => {
  it("defaults to the app's default country, else US", async () => {
    const gb = await renderPhone({}, 'GB')
    expect(gb.country.value).toBe('GB')
    expect(screen.getByTestId('phone-country').textContent).toBe('GB +44')
    cleanup()
    const us = await renderPhone()
    expect(us.country.value).toBe('US')
  })

  it('formats as you type and enables submit only for a number valid for the country', async () => {
    const { input, submit, onSubmit } = await renderPhone()
    expect(submit().disabled).toBe(true)
    fireEvent.change(input, { target: { value: '202555' } })
    expect(input.value).toBe('(202) 555')
    expect(submit().disabled).toBe(true)
    fireEvent.change(input, { target: { value: '(202) 5550123' } })
    expect(input.value).toBe('(202) 555-0123')
    expect(submit().disabled).toBe(false)
    await act(async () => void fireEvent.click(submit()))
    expect(onSubmit).toHaveBeenCalledWith({ e164: '+12025550123', country: 'US', international: '+1 202 555 0123', national: '(202) 555-0123' })
  })

  it('a number of another country keeps submit disabled; Enter then explains', async () => {
    const { input, submit, onSubmit } = await renderPhone()
    fireEvent.change(input, { target: { value: '07400123456' } })
    expect(submit().disabled).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid phone number.')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('changing the country clears the number', async () => {
    const { input, country, submit } = await renderPhone()
    fireEvent.change(input, { target: { value: '2025550123' } })
    expect(submit().disabled).toBe(false)
    fireEvent.change(country, { target: { value: 'GB' } })
    expect(input.value).toBe('')
    expect(submit().disabled).toBe(true)
    expect(screen.getByTestId('phone-country').textContent).toBe('GB +44')
    fireEvent.change(input, { target: { value: '07400123456' } })
    expect(submit().disabled).toBe(false)
  })

  it('input over 250 characters is rejected as too long at once', async () => {
    const { input, submit } = await renderPhone()
    fireEvent.change(input, { target: { value: `2025550123${' '.repeat(241)}` } })
    expect(screen.getByRole('alert').textContent).toBe('Phone number is too long')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(submit().disabled).toBe(true)
  })

  it('a prefilled international number selects its country', async () => {
    const { input, country, submit } = await renderPhone({ initialValue: '+44 7400 123456' })
    expect(country.value).toBe('GB')
    expect(input.value).toBe('07400 123456')
    expect(submit().disabled).toBe(false)
  })
})
