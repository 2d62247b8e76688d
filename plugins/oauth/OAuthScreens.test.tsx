// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorResponse, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { oauth, useLoginWithOAuth } from './index.js'
import { finishOAuth, flowStorageKey, getOAuthState } from './oauthFlow.js'
import { LoginButton } from '../../test/kit/LoginButton.js'

afterEach(cleanup)

const stateCode = 'S'.repeat(48)
const seed = (foyer: import('../../core/client/types.js').Foyer, provider = 'github') =>
  foyer.storage.set(
    flowStorageKey(foyer),
    JSON.stringify({ provider, verifier: 'V'.repeat(48), state: stateCode, intent: 'login', disableSignup: false, fromModal: true }),
  )

describe('OAuth landing entries and status screen', () => {
  it('one landing entry per provider the server enables, labelled with its display name', async () => {
    await renderWithFoyer(<LoginButton />, { plugins: [oauth()], appConfig: { email_auth: false, google: true, github: true } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('button', { name: 'Google' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'GitHub' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Discord' })).toBeNull()
  })

  it('a denial shows the retry text with the provider name; the flow error is OAUTH_USER_DENIED', async () => {
    const { foyer } = await renderWithFoyer(<LoginButton />, { plugins: [oauth()], appConfig: { github: true } })
    act(() => foyer.modal.open({ screen: 'oauth/status', params: { provider: 'github' } }))
    seed(foyer)
    await act(() => finishOAuth(foyer, { code: 'undefined', state: stateCode, provider: 'github' }).catch(() => {}))
    expect(await screen.findByText('Retry and check GitHub to finish connecting your account.')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Could not log in with GitHub' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(getOAuthState(foyer).error?.code).toBe('OAUTH_USER_DENIED')
  })

  it("the server's rate limit and suspension become the provider texts; cannot-link-more has no retry", async () => {
    const answers = [
      errorResponse(429, 'too_many_requests', 'Request limit reached for GitHub. Please wait a moment and try again.'),
      errorResponse(403, 'oauth_account_suspended', 'Your GitHub account is suspended. Please try another login method.'),
      errorResponse(400, 'cannot_link_more_of_type', 'User already has an account of type github_oauth linked.'),
    ]
    const { foyer } = await renderWithFoyer(<LoginButton />, {
      plugins: [oauth()],
      appConfig: { github: true },
      routes: { '/api/v1/oauth/authenticate': () => answers.shift()! },
    })
    act(() => foyer.modal.open({ screen: 'oauth/status', params: { provider: 'github' } }))
    const attempt = async () => {
      seed(foyer)
      await act(() => finishOAuth(foyer, { code: 'c'.repeat(43), state: stateCode, provider: 'github' }).catch(() => {}))
    }
    await attempt()
    expect(await screen.findByText('Request limit reached for GitHub. Please wait a moment and try again.')).toBeTruthy()
    await attempt()
    expect(await screen.findByText('Your GitHub account is suspended. Please try another login method.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    await attempt()
    expect(await screen.findByText('You cannot authorize more than one account for this user.')).toBeTruthy()
  })

  it('useLoginWithOAuth goes initial → loading → error and reports the code', async () => {
    const onError = vi.fn()
    let hook: ReturnType<typeof useLoginWithOAuth> | null = null
    const Probe = () => {
      hook = useLoginWithOAuth({ onError })
      return <span data-testid="status">{hook.state.status}</span>
    }
    await renderWithFoyer(<Probe />, {
      plugins: [oauth()],
      routes: { '/api/v1/oauth/init': () => errorResponse(403, 'disallowed_login_method', 'Login with Google is not allowed') },
    })
    expect(screen.getByTestId('status').textContent).toBe('initial')
    await act(() => expect(hook!.initOAuth({ provider: 'google' })).rejects.toMatchObject({ code: 'DISALLOWED_LOGIN_METHOD' }))
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('error'))
    expect(onError).toHaveBeenCalledWith('DISALLOWED_LOGIN_METHOD')
    expect(hook!.loading).toBe(false)
  })
})
