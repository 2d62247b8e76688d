// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { email } from '../../plugins/email/index.js'
import { errorResponse, fakeLoginPlugin, renderWithFoyer, testAppConfig } from '../../test/kit/renderWithFoyer.js'
import { LoginButton } from '../../test/kit/LoginButton.js'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('when the app config cannot be loaded', () => {
  it("is ready after one attempt; the modal offers no method, says it can't connect, and Try again recovers", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    let up = false
    let attempts = 0
    const { foyer } = await renderWithFoyer(<LoginButton />, {
      plugins: [fakeLoginPlugin('a')],
      routes: {
        '/api/v1/apps/foyer_test_app_0000000001': () => {
          attempts += 1
          if (!up) throw new TypeError('Failed to fetch')
          return testAppConfig()
        },
      },
    })
    expect(foyer.$ready.peek()).toBe(true)
    expect(attempts).toBe(1)
    expect(foyer.$configError.peek()?.code).toBe('NETWORK_ERROR')
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('[foyer] The Foyer server at http://foyer.test could not be reached.'))

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    await screen.findByRole('dialog', { name: "Can't connect right now" }, { timeout: 10_000 })
    expect(screen.queryByRole('button', { name: 'Entry a' })).toBeNull()

    up = true
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    await screen.findByRole('dialog', { name: 'Log in or sign up' }, { timeout: 10_000 })
    await screen.findByRole('button', { name: 'Entry a' }, { timeout: 10_000 })
    expect(foyer.$configError.peek()).toBeNull()
  })

  it("shows the server's own words for an origin it doesn't allow", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const message = 'Origin http://localhost:3000 is not allowed for app foyer_test_app_0000000001. Add it to the app\'s allowed_origins.'
    await renderWithFoyer(<LoginButton />, {
      routes: { '/api/v1/apps/foyer_test_app_0000000001': () => errorResponse(403, 'invalid_origin', message) },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    await screen.findByRole('dialog', { name: "Can't connect right now" }, { timeout: 10_000 })
    expect(screen.getByTestId('foyer-unavailable-detail').textContent).toBe(message)
  })
})

describe('a request that never gets an answer', () => {
  it("sending a code ends, after the API timeout, on 'Timed out' with 'Try again', which goes back to the entry", async () => {
    await renderWithFoyer(<LoginButton />, {
      plugins: [email()],
      config: { apiTimeoutMs: 300 },
      routes: { '/api/v1/passwordless/init': () => new Promise(() => {}) },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    const input = await screen.findByLabelText('Email address', undefined, { timeout: 10_000 })
    fireEvent.change(input, { target: { value: 'slow@example.com' } })
    fireEvent.submit(input.closest('form')!)
    const dialog = await screen.findByRole('dialog', { name: 'Timed out' }, { timeout: 10_000 })
    expect(dialog.textContent).toContain('The server did not answer within')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByLabelText('Email address')).toBeTruthy(), { timeout: 10_000 })
  })
})
