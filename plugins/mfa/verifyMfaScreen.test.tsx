// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MFA_METHOD_LOCKED_TEXT, type RawUser } from '../../core/protocol/index.js'
import { codeBoxes, typeCode } from '../../test/kit/codeBoxes.js'
import { errorResponse, KIT_APP_ID, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { mfaSms, mfaSmsPaths } from '../mfa-sms/index.js'
import { mfaTotp } from '../mfa-totp/index.js'
import { mfa } from './index.js'

afterEach(cleanup)

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
const accessToken = `${b64({ alg: 'ES256' })}.${b64({ sub: 'did:foyer:u1', aud: KIT_APP_ID, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`
const user: RawUser = { id: 'did:foyer:u1', createdAt: 1, linkedAccounts: [], mfaMethods: ['totp', 'sms'], hasAcceptedTerms: false, isGuest: false }
const locked = () => errorResponse(403, 'mfa_method_locked', MFA_METHOD_LOCKED_TEXT)

describe("'Verify your identity' with a locked method (403 mfa_method_locked)", () => {
  it('shows the way out and blocks the code input; back on the list only the locked method is greyed out', async () => {
    let smsLocked = false
    const rendered = await renderWithFoyer(null, {
      plugins: [mfa(), mfaTotp(), mfaSms()],
      appConfig: { mfa_methods: ['totp', 'sms'] },
      routes: {
        '/api/v1/mfa/init': () => ({}),
        '/api/v1/mfa/verify': locked,
        // Answered a moment later, as over a network: the list stays busy meanwhile (the old flake's window, made wide).
        [mfaSmsPaths.init]: async () => {
          await new Promise((resolve) => setTimeout(resolve, 100))
          return smsLocked ? locked() : { success: true }
        },
      },
    })
    act(() => {
      rendered.foyer.session.handleTokenResponse({ user, token: accessToken, refresh_token: 'refresh', session_update_action: 'set' })
      rendered.foyer.modal.open({ intent: null, screen: 'mfa/verify' })
    })
    fireEvent.click(await screen.findByTestId('foyer-mfa-method-totp', undefined, { timeout: 10_000 }))
    await screen.findByRole('heading', { name: 'Enter verification code' }, { timeout: 10_000 })
    // The code boxes mount with the screen's lazy input: type once all six are there and enabled (under load, later).
    await waitFor(() => expect(codeBoxes().every((box) => !(box as HTMLInputElement).disabled)).toBe(true), { timeout: 10_000 })
    await act(async () => typeCode('123456'))
    await screen.findByText(MFA_METHOD_LOCKED_TEXT, undefined, { timeout: 10_000 })
    await waitFor(() => expect(codeBoxes().every((box) => (box as HTMLInputElement).disabled)).toBe(true))

    fireEvent.click(screen.getByTestId('foyer-mfa-choose-another'))
    await screen.findByRole('heading', { name: 'Verify your identity' })
    // The text stays, saying why the method is greyed out; the other method is the way out.
    expect(screen.getByText(MFA_METHOD_LOCKED_TEXT)).toBeTruthy()
    expect((screen.getByTestId('foyer-mfa-method-totp') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('foyer-mfa-method-sms') as HTMLButtonElement).disabled).toBe(false)

    // A method whose start is refused as locked is greyed out too, from the list.
    smsLocked = true
    fireEvent.click(screen.getByTestId('foyer-mfa-method-sms'))
    // The list is busy (every method disabled) while the start is in flight: wait for its refusal to come back.
    await waitFor(() => expect(rendered.requests.some((r) => r.path === mfaSmsPaths.init)).toBe(true))
    await screen.findByText(MFA_METHOD_LOCKED_TEXT, undefined, { timeout: 10_000 })
    await waitFor(() => expect((screen.getByTestId('foyer-mfa-method-sms') as HTMLButtonElement).disabled).toBe(true))
    expect(rendered.requests.filter((r) => r.path === '/api/v1/mfa/verify')).toHaveLength(1)
  })
})
