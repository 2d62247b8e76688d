// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RawUser } from '../../core/protocol/index.js'
import { errorResponse, KIT_APP_ID, renderWithFoyer, type RouteHandler } from '../../test/kit/renderWithFoyer.js'
import { mfa, noteMfaVerified } from '../mfa/index.js'
import { passkey } from '../passkey/index.js'
import { mfaPasskeyPaths } from './api.js'
import { mfaPasskey } from './index.js'

afterEach(cleanup)

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
const accessToken = `${b64({ alg: 'ES256' })}.${b64({ sub: 'did:foyer:u1', aud: KIT_APP_ID, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`
const pk = (id: string, enrolledInMfa = false) => ({
  type: 'passkey', credentialId: id, authenticatorName: null, createdWithBrowser: 'Chrome', createdWithOs: `OS ${id}`, enrolledInMfa,
  verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1,
})
const userWith = (ids: string[], mfaMethods: string[] = []): RawUser => ({
  id: 'did:foyer:u1', createdAt: 1, linkedAccounts: ids.map((id) => pk(id, mfaMethods.includes('passkey'))) as RawUser['linkedAccounts'],
  mfaMethods: mfaMethods as RawUser['mfaMethods'], hasAcceptedTerms: false, isGuest: false,
})

async function open(user: RawUser, screenId: string, routes: Record<string, RouteHandler> = {}, mfaWindowSeconds = 900) {
  const rendered = await renderWithFoyer(null, {
    plugins: [passkey(), mfa(), mfaPasskey()],
    appConfig: { passkey: true, mfa_methods: ['passkey'], mfa_window_seconds: mfaWindowSeconds },
    routes,
  })
  act(() => {
    rendered.foyer.session.handleTokenResponse({ user, token: accessToken, refresh_token: 'refresh', session_update_action: 'set' })
    rendered.foyer.modal.open({ intent: null, screen: screenId })
  })
  return rendered
}

describe('passkey enrollment screen', () => {
  it("without passkeys: 'Set up passkey verification' with 'Add a new passkey'", async () => {
    await open(userWith([]), 'mfa-passkey/enroll')
    await screen.findByRole('heading', { name: 'Set up passkey verification' }, { timeout: 10_000 })
    expect(screen.getByRole('button', { name: 'Add a new passkey' })).toBeTruthy()
  })

  it("lists 3, or 2 with 'View All' past 3; 'Add new passkey' only below 5", async () => {
    await open(userWith(['a', 'b', 'c', 'd']), 'mfa-passkey/enroll')
    await screen.findByRole('heading', { name: 'Enable your passkeys for verification' }, { timeout: 10_000 })
    const rows = () => screen.getByTestId('foyer-mfa-passkey-list').querySelectorAll('li')
    expect(rows()).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'View All' }))
    expect(rows()).toHaveLength(4)
    expect(screen.getByRole('button', { name: 'Add new passkey' })).toBeTruthy()
    cleanup()
    await open(userWith(['a', 'b', 'c']), 'mfa-passkey/enroll')
    await screen.findByRole('heading', { name: 'Enable your passkeys for verification' }, { timeout: 10_000 })
    expect(rows()).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'View All' })).toBeNull()
    cleanup()
    await open(userWith(['a', 'b', 'c', 'd', 'e']), 'mfa-passkey/enroll')
    await screen.findByRole('heading', { name: 'Enable your passkeys for verification' }, { timeout: 10_000 })
    expect(screen.queryByRole('button', { name: 'Add new passkey' })).toBeNull()
  })

  it("enables the ticked passkeys ('Passkey verification added'); a failure shows 'Unknown error'", async () => {
    let fail = true
    const { requests } = await open(userWith(['a', 'b']), 'mfa-passkey/enroll', {
      [mfaPasskeyPaths.enroll]: (body: { credentialIds: string[] }) => (fail ? errorResponse(500, 'internal_error', 'boom') : userWith(body.credentialIds, ['passkey'])),
    })
    await screen.findByRole('heading', { name: 'Enable your passkeys for verification' }, { timeout: 10_000 })
    fireEvent.click(screen.getAllByRole('checkbox')[0]!)
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }))
    await screen.findByRole('heading', { name: 'Unknown error' }, { timeout: 10_000 })
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Enable' }))
    await screen.findByRole('heading', { name: 'Passkey verification added' })
    expect(requests.filter((r) => r.path === mfaPasskeyPaths.enroll).at(-1)?.body).toEqual({ credentialIds: ['b'] })
    // The first method: enabling verified nothing (the server records none), so the next protected action asks and
    // the screen promises no window.
    expect(screen.queryByText(/This device is verified/)).toBeNull()
  })

  it("after a verification on the way (the step-up when a method exists), names the server's window", async () => {
    const rendered = await open(userWith(['a'], ['totp']), 'mfa-passkey/enroll', {
      // As the step-up would: a verification passes before the server lets the call through.
      [mfaPasskeyPaths.enroll]: (body: { credentialIds: string[] }) => {
        noteMfaVerified(rendered.foyer, Date.now())
        return userWith(body.credentialIds, ['totp', 'passkey'])
      },
    }, 120)
    fireEvent.click(await screen.findByRole('button', { name: 'Enable' }, { timeout: 10_000 }))
    await screen.findByRole('heading', { name: 'Passkey verification added' })
    expect(screen.getByText("This device is verified for the next 2 minutes, so you won't be asked to verify again until then.")).toBeTruthy()
  })

  it('after an earlier verification still running (no prompt on the way), names when it ends', async () => {
    const rendered = await open(userWith(['a'], ['totp']), 'mfa-passkey/enroll', {
      [mfaPasskeyPaths.enroll]: (body: { credentialIds: string[] }) => userWith(body.credentialIds, ['totp', 'passkey']),
    }, 120)
    const at = Date.now() - 30_000
    act(() => noteMfaVerified(rendered.foyer, at))
    fireEvent.click(await screen.findByRole('button', { name: 'Enable' }, { timeout: 10_000 }))
    await screen.findByRole('heading', { name: 'Passkey verification added' })
    // The hub's 'until {time}' wording (the time in the user's locale: the hub's own tests pin its format).
    expect(screen.getByText(/^This device is verified until .+, so you won't be asked to verify again until then\.$/)).toBeTruthy()
  })
})

describe("'Verify your identity' with the passkey (a direct method)", () => {
  it("without the wallet frame: shows 'Verifying with passkey' at once, starts with passkeys/init {}, the failure, and 'Try again' (a new challenge)", async () => {
    const { requests } = await open(userWith(['a'], ['passkey']), 'mfa/verify', {
      [mfaPasskeyPaths.init]: () => ({ options: { challenge: 'Y2hhbGxlbmdlLWNoYWxsZW5nZQ', allow_credentials: [{ id: 'a', type: 'public-key' }], rp_id: 'localhost' } }),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Passkey' }, { timeout: 10_000 }))
    await screen.findByRole('heading', { name: 'Verifying with passkey' })
    // happy-dom has no WebAuthn: the prompt fails, nothing is submitted.
    await screen.findByText('Something went wrong.', undefined, { timeout: 10_000 })
    expect(requests.filter((r) => r.path === mfaPasskeyPaths.init).map((r) => r.body)).toEqual([{}])
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(requests.filter((r) => r.path === mfaPasskeyPaths.init)).toHaveLength(2))
    expect(requests.some((r) => r.path === '/api/v1/mfa/verify' || r.path === '/api/v1/mfa/init')).toBe(false)
  })
})
