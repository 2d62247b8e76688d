// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { FoyerProvider } from 'foyer'
import { email, useLoginWithEmail, type UseLoginWithEmailReturnType } from 'foyer/plugins/email'
import { startFoyerTestServer, type FoyerTestServer } from 'foyer/testing'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { HostPage } from './HostPage.js'

// A component test of a host page against the real server: the kit's server in this process, the page rendered in
// happy-dom with its FoyerProvider pointed at the kit's apiUrl, the sign-in made through the API (the e-mail plugin's
// headless hook: its init and authenticate calls) with the code from the kit's outbox. happy-dom replaces the global
// Request the server's HTTP listener builds on, so the provider's calls reach the server's app through foyer.fetch
// (same routes, same database, no socket).
let foyer: FoyerTestServer

beforeAll(async () => {
  // No origin to allow: calls through foyer.fetch carry none (the Playwright example's page does).
  foyer = await startFoyerTestServer()
})
afterAll(() => foyer?.close())
afterEach(() => {
  cleanup()
  // Each test starts signed out: the kernel keeps the session in the page's storage.
  localStorage.clear()
  sessionStorage.clear()
})

const plugins = [email()]

/** Renders the host page, and hands the test the headless e-mail login of the same provider. */
function renderHostPage() {
  const login: { current?: UseLoginWithEmailReturnType } = {}
  function LoginHandle() {
    login.current = useLoginWithEmail()
    return null
  }
  render(
    <FoyerProvider appId={foyer.appId} apiUrl={foyer.apiUrl} fetch={foyer.fetch} plugins={plugins}>
      <HostPage />
      <LoginHandle />
    </FoyerProvider>,
  )
  return login
}

/** Signs `address` in through the API: the code sent, read from the outbox, verified. */
async function signInThroughApi(login: { current?: UseLoginWithEmailReturnType }, address: string) {
  await act(() => login.current!.sendCode({ email: address }))
  const code = await foyer.outbox.waitForCode(address)
  await act(() => login.current!.loginWithCode({ code }))
}

it('shows Log in, then the signed-in user once the e-mail code is verified', async () => {
  const login = renderHostPage()
  await screen.findByRole('button', { name: 'Log in' })
  await signInThroughApi(login, 'ada@example.com')
  expect((await screen.findByTestId('signed-in')).textContent).toContain('Signed in as ada@example.com')
  expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull()
})

it('signs a user made with createUser in as that user, not a new one', async () => {
  const made = await foyer.createUser({ email: 'Grace@Example.com' })
  expect(made.email).toBe('grace@example.com')
  const login = renderHostPage()
  await screen.findByRole('button', { name: 'Log in' })
  await signInThroughApi(login, 'grace@example.com')
  expect((await screen.findByTestId('signed-in')).dataset.userId).toBe(made.id)
})

it("waitForCode answers each code once: a second call waits for the next one, and fails when none comes", async () => {
  const login = renderHostPage()
  await screen.findByRole('button', { name: 'Log in' })
  await act(() => login.current!.sendCode({ email: 'mary@example.com' }))
  const first = await foyer.outbox.waitForCode('mary@example.com')
  expect(first).toMatch(/^\d{6}$/)
  await expect(foyer.outbox.waitForCode('mary@example.com', { timeoutMs: 200 })).rejects.toThrow('no code was sent to mary@example.com')
})
