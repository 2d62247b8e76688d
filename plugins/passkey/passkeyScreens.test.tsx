// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RawUser } from '../../core/protocol/index.js'
import { errorResponse, KIT_APP_ID, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { passkey } from './index.js'
import { passkeyErrorCodes, toPasskeyError } from './passkeyErrors.js'
import { passkeyPaths } from './api.js'

afterEach(cleanup)

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
const accessToken = `${b64({ alg: 'ES256' })}.${b64({ sub: 'did:foyer:u1', aud: KIT_APP_ID, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`
const pk = (id: string, over: Record<string, unknown> = {}) => ({
  type: 'passkey',
  credentialId: id,
  authenticatorName: null,
  createdWithBrowser: 'Chrome',
  createdWithOs: `OS ${id}`,
  enrolledInMfa: false,
  verifiedAt: 1,
  firstVerifiedAt: 1,
  latestVerifiedAt: 1,
  ...over,
})
const userWith = (accounts: Record<string, unknown>[]): RawUser => ({
  id: 'did:foyer:u1',
  createdAt: 1,
  linkedAccounts: accounts as RawUser['linkedAccounts'],
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
})

async function openLinkScreen(user: RawUser, routes: Parameters<typeof renderWithFoyer>[1] extends infer O ? (O extends { routes?: infer R } ? R : never) : never) {
  const rendered = await renderWithFoyer(null, { plugins: [passkey()], appConfig: { passkey: true }, routes })
  act(() => {
    rendered.foyer.session.handleTokenResponse({ user, token: accessToken, refresh_token: 'refresh', session_update_action: 'set' })
    rendered.foyer.modal.open({ intent: 'link', screen: 'passkey/link' })
  })
  await screen.findByRole('heading', { name: 'Secure your account with a passkey' })
  return rendered
}

describe('passkey screens', () => {
  it("puts 'I have a passkey' in the landing slot; without WebAuthn it says so and asks the server nothing", async () => {
    const { foyer, requests } = await renderWithFoyer(null, { plugins: [passkey()], appConfig: { passkey: true } })
    act(() => foyer.modal.open())
    const link = await screen.findByRole('button', { name: 'I have a passkey' }, { timeout: 10_000 })
    expect(link.closest('[data-slot="passkey"]')).not.toBeNull()
    fireEvent.click(link)
    await screen.findByText('WebAuthn is not supported in this browser', undefined, { timeout: 10_000 })
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(requests.some((r) => r.path.startsWith('/api/v1/passkeys'))).toBe(false)
  })

  it("lists the user's passkeys, 2 until 'View all', with the display-name rule and the benefit list", async () => {
    await openLinkScreen(userWith([pk('a', { authenticatorName: 'iCloud Keychain', createdWithBrowser: 'Safari' }), pk('b'), pk('c')]), {})
    expect(screen.getByRole('heading', { name: 'Your passkeys' })).toBeTruthy()
    const items = () => screen.getByTestId('passkey-list').querySelectorAll('li')
    expect(items()).toHaveLength(2)
    expect(items()[0]!.textContent).toContain('iCloud Keychain on Safari')
    expect(items()[1]!.textContent).toContain('Chrome on OS b')
    fireEvent.click(screen.getByRole('button', { name: 'View all' }))
    expect(items()).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'View all' })).toBeNull()
    expect(screen.getByText('Nothing to remember: no passwords, no codes')).toBeTruthy()
  })

  it("unlinks a passkey, shows 'Passkeys updated', and 'Done' returns to the shorter list", async () => {
    let current = userWith([pk('a'), pk('b')])
    const { requests } = await openLinkScreen(current, {
      [passkeyPaths.unlink]: (body: { credential_id: string }) => {
        current = userWith(current.linkedAccounts.filter((a) => a.credentialId !== body.credential_id))
        return current
      },
      '/api/v1/users/me': () => ({ user: current }),
    })
    // 'Unlink' asks first: nothing is sent, Cancel keeps the passkey; the row's own 'Unlink' then unlinks.
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Chrome on OS a' }))
    expect(screen.getByText('Unlink Chrome on OS a?')).toBeTruthy()
    expect(requests.some((r) => r.path === passkeyPaths.unlink)).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByText('Unlink Chrome on OS a?')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Chrome on OS a' }))
    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }))
    await screen.findByRole('heading', { name: 'Passkeys updated' })
    expect(requests.find((r) => r.path === passkeyPaths.unlink)?.body).toEqual({ credential_id: 'a' })
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.getByTestId('passkey-list').querySelectorAll('li')).toHaveLength(1))
  })

  it('shows the server refusal of an MFA-enrolled passkey', async () => {
    await openLinkScreen(userWith([pk('a', { enrolledInMfa: true }), pk('b')]), {
      [passkeyPaths.unlink]: () => errorResponse(400, 'passkey_enrolled_in_mfa', 'Cannot unlink a passkey enrolled in MFA'),
    })
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Chrome on OS a' }))
    fireEvent.click(screen.getByTestId('foyer-passkey-unlink-confirm'))
    await screen.findByText('Cannot unlink a passkey enrolled in MFA')
    expect(screen.getByTestId('passkey-list').querySelectorAll('li')).toHaveLength(2)
  })
})

describe('toPasskeyError', () => {
  it('maps NotAllowedError, bare or wrapped by @simplewebauthn, to PASSKEY_NOT_ALLOWED with the spec text', () => {
    const bare = toPasskeyError(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }))
    expect(bare.code).toBe(passkeyErrorCodes.notAllowed)
    expect(bare.shortMessage).toBe('Passkey request timed out or rejected by user.')
    const wrapped = toPasskeyError(Object.assign(new Error('x'), { name: 'WebAuthnError', cause: { name: 'NotAllowedError' } }))
    expect(wrapped.code).toBe('PASSKEY_NOT_ALLOWED')
  })
  it("maps anything else to 'Unknown error occurred.'", () => {
    const e = toPasskeyError(Object.assign(new Error('boom'), { name: 'InvalidStateError' }))
    expect(e.code).toBe(passkeyErrorCodes.unknown)
    expect(e.shortMessage).toBe('Unknown error occurred.')
  })
})
