// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RawUser } from '../../core/protocol/index.js'
import { errorResponse, KIT_APP_ID, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { typeCode } from '../../test/kit/codeBoxes.js'
import { mfa, type MfaState } from '../mfa/index.js'
import { mfaSms } from '../mfa-sms/index.js'
import { totpPaths } from './api.js'
import { mfaTotp } from './index.js'

afterEach(cleanup)

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
const accessToken = `${b64({ alg: 'ES256' })}.${b64({ sub: 'did:foyer:u1', aud: KIT_APP_ID, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`
// Already protected by SMS: adding the authenticator app asks for a verification first.
const user: RawUser = { id: 'did:foyer:u1', createdAt: 1, linkedAccounts: [], mfaMethods: ['sms'], hasAcceptedTerms: false, isGuest: false }
const INFO = { authUrl: 'otpauth://totp/Test:u1?secret=JBSWY3DPEHPK3PXP&issuer=Test', secret: 'JBSWY3DPEHPK3PXP' }

async function openEnrollment(verified: () => boolean, mfaWindowSeconds = 900) {
  const rendered = await renderWithFoyer(null, {
    plugins: [mfa(), mfaTotp(), mfaSms()],
    appConfig: { mfa_methods: ['totp', 'sms'], mfa_window_seconds: mfaWindowSeconds },
    routes: {
      // The server's requireMfa: refused until this session verified.
      [totpPaths.enrollInit]: () => (verified() ? INFO : errorResponse(403, 'missing_or_invalid_mfa', 'MFA verification failed, retry.')),
      [totpPaths.enroll]: () => ({ ...user, mfaMethods: ['sms', 'totp'] }),
      '/api/v1/mfa/init': () => ({}),
      '/api/v1/mfa/cancel': () => ({ success: true }),
    },
  })
  act(() => {
    rendered.foyer.session.handleTokenResponse({ user, token: accessToken, refresh_token: 'refresh', session_update_action: 'set' })
    rendered.foyer.modal.open({ intent: null, screen: 'mfa/enroll' })
  })
  fireEvent.click(await screen.findByTestId('foyer-mfa-enroll-totp', undefined, { timeout: 10_000 }))
  return rendered
}

describe('TOTP enrollment when a verification is asked first (the step-up over the screen)', () => {
  it("'Not now' comes back to 'Scan QR code' with 'Verification canceled', without asking again; Try again asks once more", async () => {
    let verified = false
    const { requests } = await openEnrollment(() => verified)
    await screen.findByRole('heading', { name: 'Verify your identity' }, { timeout: 10_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    await screen.findByText('Verification canceled', undefined, { timeout: 10_000 })
    expect(screen.getByRole('heading', { name: 'Scan QR code' })).toBeTruthy()
    // The screen mounted anew and showed how its call went: no second enrollment start, no second prompt.
    await new Promise((r) => setTimeout(r, 50))
    expect(requests.filter((r) => r.path === totpPaths.enrollInit)).toHaveLength(1)
    expect(screen.queryByRole('heading', { name: 'Verify your identity' })).toBeNull()

    verified = true
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByTestId('foyer-mfa-totp-secret').textContent).toBe(INFO.secret))
    expect(requests.filter((r) => r.path === totpPaths.enrollInit)).toHaveLength(2)
  })

  it('after the verification, the secret the retried call got shows on the screen mounted anew (one secret, not two)', async () => {
    let verified = false
    const { foyer, requests } = await openEnrollment(() => verified)
    await screen.findByRole('heading', { name: 'Verify your identity' }, { timeout: 10_000 })
    // The verification passes (as useMfa's or the screen's submit would): the call retries and is let through.
    verified = true
    act(() => {
      const top = foyer.$modal.peek().stack.at(-1)!
      ;(top.params as { settle(error?: unknown): void }).settle()
      foyer.modal.back()
    })
    await waitFor(() => expect(screen.getByTestId('foyer-mfa-totp-secret').textContent).toBe(INFO.secret), { timeout: 10_000 })
    expect(requests.filter((r) => r.path === totpPaths.enrollInit)).toHaveLength(2)
  })
})

describe("TOTP enrollment's success screen", () => {
  it("names the window the server publishes (the right code verified this session), and the page knows until when", async () => {
    const { foyer } = await openEnrollment(() => true, 30)
    await waitFor(() => expect(screen.getByTestId('foyer-mfa-totp-secret').textContent).toBe(INFO.secret), { timeout: 10_000 })
    fireEvent.click(screen.getByTestId('foyer-mfa-totp-continue'))
    await screen.findByRole('heading', { name: 'Enter enrollment code' })
    const before = Date.now()
    await act(async () => typeCode('123456'))
    await screen.findByRole('heading', { name: 'Authenticator app verification added' }, { timeout: 10_000 })
    expect(screen.getByText("This device is verified for the next 30 seconds, so you won't be asked to verify again until then.")).toBeTruthy()
    const { at, until } = foyer.pluginState<MfaState>('mfa').verified.value!
    expect(at).toBeGreaterThanOrEqual(before)
    expect(until).toBe(at + 30_000)
  })
})
