// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../core/errors/index.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { OtpCodeScreen } from './OtpCodeScreen.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const values = () => Array.from({ length: 6 }, (_, i) => (screen.getByLabelText(`Digit ${i + 1}`) as HTMLInputElement).value).join('')
const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText('Digit 1'), { clipboardData: { getData: () => code } })

describe('OtpCodeScreen', () => {
  it("says 'Enter confirmation code' and names the destination", async () => {
    await renderWithFoyer(<OtpCodeScreen destination="ada@example.com" onSubmit={async () => {}} onResend={async () => {}} />)
    expect(screen.getByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(screen.getByText(/ada@example\.com/)).toBeTruthy()
  })

  it("disables 'Resend code' for 30 s after a click, showing 'Code sent'", async () => {
    const onResend = vi.fn(async () => {})
    await renderWithFoyer(<OtpCodeScreen destination="a@example.com" onSubmit={async () => {}} onResend={onResend} />)
    vi.useFakeTimers()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend code' })))
    expect(onResend).toHaveBeenCalledTimes(1)
    const sent = screen.getByRole('button', { name: 'Code sent' }) as HTMLButtonElement
    expect(sent.disabled).toBe(true)
    act(() => vi.advanceTimersByTime(29_999))
    expect((screen.getByRole('button', { name: 'Code sent' }) as HTMLButtonElement).disabled).toBe(true)
    act(() => vi.advanceTimersByTime(1))
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows the inline error for a wrong code and clears the boxes 1.4 s later', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError('Invalid code', { status: 401, serverCode: 'invalid_credentials' })
    })
    await renderWithFoyer(<OtpCodeScreen destination="a@example.com" onSubmit={onSubmit} onResend={async () => {}} />)
    vi.useFakeTimers()
    await act(async () => pasteCode('123456'))
    expect(onSubmit).toHaveBeenCalledWith('123456')
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification code')
    expect(values()).toBe('123456')
    act(() => vi.advanceTimersByTime(1_399))
    expect(values()).toBe('123456')
    act(() => vi.advanceTimersByTime(1))
    expect(values()).toBe('')
    // The message stays until the user types again.
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification code')
    act(() => void fireEvent.change(screen.getByLabelText('Digit 1'), { target: { value: '7' } }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("'Resend code' takes the last wrong code's error away", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError('Invalid code', { status: 401, serverCode: 'invalid_credentials', data: { attempts_left: 3 } })
    })
    await renderWithFoyer(<OtpCodeScreen destination="a@example.com" onSubmit={onSubmit} onResend={async () => {}} />)
    await act(async () => pasteCode('123456'))
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification code')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend code' })))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(values()).toBe('')
  })

  it('after the last allowed guess says a new code is needed, locks the boxes, and a resend unlocks them', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError('Invalid code', { status: 401, serverCode: 'invalid_credentials', data: { attempts_left: 0 } })
    })
    const onResend = vi.fn(async () => {})
    await renderWithFoyer(<OtpCodeScreen destination="a@example.com" onSubmit={onSubmit} onResend={onResend} />)
    await act(async () => pasteCode('123456'))
    expect(screen.getByRole('alert').textContent).toBe("This code can't be used any more. Select 'Resend code' to get a new one.")
    expect((screen.getByLabelText('Digit 1') as HTMLInputElement).disabled).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend code' })))
    expect(onResend).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('alert')).toBeNull()
    expect((screen.getByLabelText('Digit 1') as HTMLInputElement).disabled).toBe(false)
  })

  it("shows 'Issue verifying code' for an unexpected failure", async () => {
    await renderWithFoyer(
      <OtpCodeScreen destination="a@example.com" onSubmit={async () => Promise.reject(new Error('boom'))} onResend={async () => {}} />,
    )
    await act(async () => pasteCode('123456'))
    expect(screen.getByRole('alert').textContent).toBe('Issue verifying code')
  })

  it('disables the boxes while the code is being verified', async () => {
    await renderWithFoyer(<OtpCodeScreen destination="a@example.com" onSubmit={() => new Promise(() => {})} onResend={async () => {}} />)
    await act(async () => pasteCode('123456'))
    expect((screen.getByLabelText('Digit 1') as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByRole('status', { name: 'Verifying code' })).toBeTruthy()
  })
})
