// @vitest-environment happy-dom
import { effect } from '@preact/signals-core'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { startTurnstileStandin, type TurnstileStandin } from '../../test/standins/turnstileStandin.js'
import { email } from '../email/index.js'
import { emailServer } from '../email/server.js'
import { captchaTurnstile } from './index.js'
import { captchaTurnstileServer } from './server.js'
import type { TurnstileApi, TurnstileRenderOptions } from './turnstileApi.js'
import { LoginButton } from '../../test/kit/LoginButton.js'

let standin: TurnstileStandin
let server: TestServer
beforeAll(async () => {
  standin = await startTurnstileStandin()
  server = await createTestServer({
    plugins: [emailServer(), captchaTurnstileServer()],
    app: { 'captcha-turnstile': { site_key: 't:0x4AAAAAAAflow', secret_key: standin.secret, siteverify_url: standin.siteverifyUrl } },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await standin?.close()
})
afterEach(() => {
  cleanup()
  delete (window as unknown as { turnstile?: unknown }).turnstile
})

const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

/** `window.turnstile` in the page: each execution answers `answer()` (a token, or an error code). */
function installTurnstile(answer: () => { token: string } | { error: string }) {
  const widgets = new Map<string, TurnstileRenderOptions>()
  const api: TurnstileApi = {
    render: (_el, options) => {
      widgets.set('w', options)
      return 'w'
    },
    execute: () => {
      const options = widgets.get('w')!
      const outcome = answer()
      setTimeout(() => ('token' in outcome ? options.callback?.(outcome.token) : options['error-callback']?.(outcome.error)), 20)
    },
    reset: vi.fn(),
    remove: vi.fn(),
    getResponse: () => undefined,
  }
  ;(window as unknown as { turnstile: TurnstileApi }).turnstile = api
  return api
}

async function submitEmail(address: string) {
  const rendered = await renderWithFoyer(<LoginButton />, { plugins: [captchaTurnstile(), email()], fetch })
  const tops: string[] = []
  const stop = effect(() => {
    const top = rendered.foyer.$modal.value.stack.at(-1)?.id
    if (top && tops.at(-1) !== top) tops.push(top)
  })
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  return { ...rendered, tops, stop }
}

describe('e-mail login with captcha on', () => {
  it('the captcha screen comes first, then "Enter confirmation code"; the server got a verified token', async () => {
    installTurnstile(() => ({ token: standin.mint() }))
    const { foyer, tops, stop } = await submitEmail('captcha.pass@example.com')
    expect(await screen.findByTestId('foyer-captcha-screen')).toBeTruthy()
    expect(foyer.captcha.$status.value).toBe('loading')
    await screen.findByRole('heading', { name: 'Enter confirmation code' }, { timeout: 5000 })
    stop()
    expect(tops).toEqual(['foyer/landing', 'captcha-turnstile/captcha', 'foyer/landing', 'email/code'])
    expect(foyer.captcha.$status.value).toBe('success')
    expect(await server.lastCode('captcha.pass@example.com')).toMatch(/^\d{6}$/)
  })

  it('a captcha that keeps failing: after its retries, the §8 failure text with the adblocker hint; nothing was sent', async () => {
    installTurnstile(() => ({ error: '300030' }))
    const { foyer } = await submitEmail('captcha.fail@example.com')
    expect(await screen.findByText('You did not pass CAPTCHA. Please try again.', undefined, { timeout: 15_000 })).toBeTruthy()
    expect(screen.getByText('If you use an adblocker or VPN, try disabling and re-attempting.')).toBeTruthy()
    expect(foyer.captcha.$status.value).toBe('error')
    expect((await server.outbox()).some((e) => e.to === 'captcha.fail@example.com')).toBe(false)
  }, 30_000)

  it("a token the server refuses: 'Something went wrong', 'Please try again.' and the captcha is reset", async () => {
    const api = installTurnstile(() => ({ token: 'XXXX.DUMMY.forged' }))
    const { foyer } = await submitEmail('captcha.forged@example.com')
    expect(await screen.findByText('Please try again.', undefined, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(api.reset).toHaveBeenCalled()
    expect(foyer.captcha.$status.value).toBe('ready')
    expect((await server.outbox()).some((e) => e.to === 'captcha.forged@example.com')).toBe(false)
  })
})
