// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FoyerPlugin } from '../../core/client/plugin.js'
import type { AuthResult } from '../../core/client/types.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { emailServer } from '../email/server.js'
import { email } from '../email/index.js'
import { terms } from './index.js'
import { termsServer } from './server.js'
import { typeCode } from '../../test/kit/codeBoxes.js'
import { LoginButton } from '../../test/kit/LoginButton.js'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({
    plugins: [emailServer(), termsServer()],
    app: { require_users_accept_terms: true, terms_and_conditions_url: 'https://example.com/terms', privacy_policy_url: 'https://example.com/privacy' },
  })
}, 60_000)
afterAll(() => server.close())
afterEach(cleanup)

const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

/** Renders the host with terms() first, then a recorder standing in for later hooks (wallet creation). */
async function setup() {
  const onComplete = vi.fn()
  const onError = vi.fn()
  const laterHook = vi.fn()
  const later: FoyerPlugin = { id: 'later', kind: 'feature', hooks: { onLoginSuccess: laterHook } }
  const rendered = await renderWithFoyer(<LoginButton onComplete={onComplete} onError={onError} />, {
    plugins: [terms(), email(), later],
    fetch,
    config: { successDelayMs: 200 },
  })
  return { ...rendered, onComplete, onError, laterHook }
}

/** Opens the modal and enters the code sent to `address`. */
async function loginWithEmail(address: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
  const code = await server.lastCode(address)
  await act(async () => typeCode(code))
}

describe('terms acceptance after login', () => {
  it('a new user sees the undismissable terms screen; Accept records it, then later hooks run and the login completes', async () => {
    const { foyer, onComplete, onError, laterHook } = await setup()
    const address = `accept-${Date.now()}@example.com`
    await loginWithEmail(address)

    const dialog = await screen.findByRole('dialog', { name: 'One last step' }, { timeout: 5000 })
    expect(screen.getByText('By signing up, you agree to our terms and privacy policy.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('https://example.com/terms')
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://example.com/privacy')
    // Not closable: no close or back button, Esc does nothing.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(foyer.$modal.peek().open).toBe(true)
    // The flow waits: nothing reported, later hooks not run yet.
    expect(onComplete).not.toHaveBeenCalled()
    expect(laterHook).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1), { timeout: 5000 })
    const result = onComplete.mock.calls[0]![0] as AuthResult
    expect(result.user.hasAcceptedTerms).toBe(true)
    expect(foyer.$session.peek().user?.hasAcceptedTerms).toBe(true)
    expect(laterHook).toHaveBeenCalledTimes(1)
    expect(onError).not.toHaveBeenCalled()
    const [row] = await server.server.db.query<{ has_accepted_terms: boolean }>('SELECT has_accepted_terms FROM users WHERE id = $1', [result.user.id])
    expect(row!.has_accepted_terms).toBe(true)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })

    // The same user logging in again isn't asked.
    await act(() => foyer.session.logout())
    await loginWithEmail(address)
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(2), { timeout: 5000 })
    expect(screen.queryByRole('heading', { name: 'One last step' })).toBeNull()
    expect(laterHook).toHaveBeenCalledTimes(2)
  })

  it('No thanks logs the user out, closes the modal and reports the exit; later hooks never run', async () => {
    const { foyer, onComplete, onError, laterHook } = await setup()
    await loginWithEmail(`decline-${Date.now()}@example.com`)
    await screen.findByRole('dialog', { name: 'One last step' }, { timeout: 5000 })
    expect(foyer.$session.peek().status).toBe('authenticated')

    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }))
    await waitFor(() => expect(foyer.$session.peek().status).toBe('unauthenticated'), { timeout: 5000 })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
    expect(onError).toHaveBeenCalledWith('EXITED_AUTH_FLOW')
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onComplete).not.toHaveBeenCalled()
    expect(laterHook).not.toHaveBeenCalled()
    expect(await foyer.session.getAccessToken()).toBeNull()
  })
})
