// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useLogin } from 'foyer'
import { email } from 'foyer/plugins/email'
import { emailServer } from 'foyer/plugins/email/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../../test/kit/renderWithFoyer.js'
import { newsletter } from './index.js'
import { newsletterServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ plugins: [emailServer(), newsletterServer()] })
}, 60_000)
afterAll(() => server.close())
afterEach(cleanup)

const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

function LoginButton({ onComplete }: { onComplete: () => void }) {
  const { login } = useLogin({ onComplete })
  return <button onClick={() => login()}>Log in</button>
}

async function signIn(address: string, onComplete: () => void) {
  await renderWithFoyer(<LoginButton onComplete={onComplete} />, { plugins: [email(), newsletter()], fetch, config: { successDelayMs: 10 } })
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
  const code = await server.lastCode(address)
  await act(async () => code.split('').forEach((d, i) => fireEvent.change(screen.getByLabelText(`Digit ${i + 1}`), { target: { value: d } })))
}

const choice = async (address: string) =>
  (
    await server.server.db.query<{ subscribed: boolean }>(
      `SELECT n.subscribed FROM newsletter_subscriptions n JOIN linked_accounts a ON a.user_id = n.user_id WHERE a.identifier = $1`,
      [address],
    )
  )[0]?.subscribed

describe('a third-party plugin (newsletter opt-in) joins the login flow', () => {
  it('asks a new user after sign-up, stores the answer through its own route, then the login completes', async () => {
    const onComplete = vi.fn()
    await signIn('fresh@example.com', onComplete)
    await screen.findByRole('heading', { name: 'Stay in the loop?' })
    expect(onComplete).not.toHaveBeenCalled() // the flow waits for the answer
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(onComplete).toHaveBeenCalledOnce())
    expect(await choice('fresh@example.com')).toBe(true)
  })

  it('does not ask a returning user', async () => {
    await server.login('returning@example.com')
    const onComplete = vi.fn()
    await signIn('returning@example.com', onComplete)
    await waitFor(() => expect(onComplete).toHaveBeenCalledOnce())
    expect(screen.queryByRole('heading', { name: 'Stay in the loop?' })).toBeNull()
    expect(await choice('returning@example.com')).toBeUndefined()
  })

  it('its route refuses anonymous calls and bad bodies without storing anything', async () => {
    expect((await server.request('/api/v1/newsletter/subscription', { body: { subscribed: true } })).status).toBe(401)
    const { token } = await server.login('body@example.com')
    const bad = await server.request('/api/v1/newsletter/subscription', { body: { subscribed: 'yes' }, token: token! })
    expect(bad.status).toBe(400)
    expect((await bad.json()).code).toBe('invalid_data')
    expect(await choice('body@example.com')).toBeUndefined()
  })
})
