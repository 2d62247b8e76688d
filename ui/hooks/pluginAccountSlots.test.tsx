// @vitest-environment happy-dom
import { act, cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RawUser } from '../../core/protocol/index.js'
import { email } from '../../plugins/email/index.js'
import { farcaster } from '../../plugins/farcaster/index.js'
import { oauth } from '../../plugins/oauth/index.js'
import { getOAuthState } from '../../plugins/oauth/oauthFlow.js'
import { passkey } from '../../plugins/passkey/index.js'
import { siwe } from '../../plugins/siwe/index.js'
import { siws } from '../../plugins/siws/index.js'
import { sms } from '../../plugins/sms/index.js'
import { telegram } from '../../plugins/telegram/index.js'
import { errorResponse, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'

afterEach(cleanup)

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
const accessToken = `${b64({ alg: 'ES256' })}.${b64({ aud: 'foyer_test_app_0000000001', exp: Math.floor(Date.now() / 1000) + 3600 })}.s`
const user: RawUser = { id: 'u', createdAt: 1, linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: false, isGuest: false }
const answerUser = () => user
const paths = ['passwordless', 'passwordless_sms', 'oauth', 'siwe', 'siws', 'farcaster', 'telegram', 'passkeys']
const routes = Object.fromEntries(
  paths.flatMap((p) => [
    [`/api/v1/${p}/unlink`, answerUser],
    [`/api/v1/${p}/transfer`, answerUser],
  ]),
)

async function setup() {
  const rendered = await renderWithFoyer(null, {
    plugins: [email(), sms(), oauth({ providers: ['google', 'github'] }), passkey(), siwe(), siws(), telegram(), farcaster()],
    routes: { ...routes, '/api/v1/oauth/init': () => errorResponse(400, 'invalid_data', 'stop here') },
  })
  act(() => rendered.foyer.session.handleTokenResponse({ user, token: accessToken, refresh_token: 'r', session_update_action: 'set' } as never))
  return rendered
}

const lastRequest = (requests: { path: string; body: any }[]) => requests.at(-1)!

describe("every login plugin's accounts slot", () => {
  it('offers the method names the hooks use', async () => {
    const { foyer } = await setup()
    const methods = foyer.accounts.methods()
    expect(methods.link.sort()).toEqual(['email', 'farcaster', 'github', 'google', 'passkey', 'phone', 'solanaWallet', 'telegram', 'wallet'])
    expect(methods.unlink.sort()).toEqual(['email', 'farcaster', 'github', 'google', 'oauth', 'passkey', 'phone', 'solanaWallet', 'telegram', 'wallet'])
    expect(methods.update.sort()).toEqual(['email', 'phone'])
    expect(methods.transfer.sort()).toEqual(['email', 'farcaster', 'github_oauth', 'google_oauth', 'phone', 'telegram', 'wallet'])
  })

  it.each([
    ['email', 'email/link'],
    ['phone', 'sms/link'],
    ['passkey', 'passkey/link'],
    ['wallet', 'foyer/wallet-list'],
    ['solanaWallet', 'foyer/wallet-list'],
    ['telegram', 'telegram/auth'],
    ['farcaster', 'farcaster/connect'],
  ])("link('%s') opens the modal on %s with intent 'link'", async (method, screen) => {
    const { foyer } = await setup()
    await act(() => foyer.accounts.link(method))
    const modal = foyer.$modal.peek()
    expect(modal).toMatchObject({ open: true, intent: 'link' })
    expect(modal.stack[0]!.id).toBe(screen)
  })

  it("link('google') starts the OAuth flow with intent 'link' from the status screen", async () => {
    const { foyer, requests } = await setup()
    await act(() => foyer.accounts.link('google'))
    await act(async () => {
      for (let i = 0; i < 50 && !requests.some((r) => r.path === '/api/v1/oauth/init'); i++) await new Promise((r) => setTimeout(r, 20))
    })
    expect(foyer.$modal.peek()).toMatchObject({ intent: 'link', stack: [{ id: 'oauth/status', params: { provider: 'google' } }] })
    expect(requests.find((r) => r.path === '/api/v1/oauth/init')?.body.provider).toBe('google')
    expect(getOAuthState(foyer).intent).toBe('link')
  })

  it('update needs an existing e-mail or phone and opens nothing otherwise', async () => {
    const { foyer } = await setup()
    await expect(foyer.accounts.update('email')).rejects.toThrow('User must have an email to update it')
    await expect(foyer.accounts.update('phone')).rejects.toThrow('User must have a phone number to update it')
    expect(foyer.$modal.peek().open).toBe(false)
  })

  it.each<[string, unknown[], string, object]>([
    ['email', ['a@example.com'], '/api/v1/passwordless/unlink', { address: 'a@example.com' }],
    ['phone', ['+12025550100'], '/api/v1/passwordless_sms/unlink', { phoneNumber: '+12025550100' }],
    ['wallet', ['0x' + 'a'.repeat(40)], '/api/v1/siwe/unlink', { address: '0x' + 'a'.repeat(40) }],
    ['google', ['sub-1'], '/api/v1/oauth/unlink', { provider: 'google', subject: 'sub-1' }],
    ['oauth', ['github', 'sub-2'], '/api/v1/oauth/unlink', { provider: 'github', subject: 'sub-2' }],
    ['farcaster', [42], '/api/v1/farcaster/unlink', { fid: 42 }],
    ['telegram', ['123456'], '/api/v1/telegram/unlink', { telegram_user_id: '123456' }],
    ['passkey', ['cred-1'], '/api/v1/passkeys/unlink', { credential_id: 'cred-1' }],
  ])("unlink('%s') posts to the plugin's unlink route", async (method, args, path, body) => {
    const { foyer, requests } = await setup()
    await act(async () => void (await foyer.accounts.unlink(method, ...args)))
    expect(lastRequest(requests)).toMatchObject({ path, body })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['email', { email: 'b@example.com' }, '/api/v1/passwordless/transfer'],
    ['phone', { phoneNumber: '+12025550100' }, '/api/v1/passwordless_sms/transfer'],
    ['wallet', { address: '0x' + 'b'.repeat(40), walletClientType: 'metamask', connectorType: 'injected' }, '/api/v1/siwe/transfer'],
    ['farcaster', { farcaster_id: 7, farcaster_embedded_address: null }, '/api/v1/farcaster/transfer'],
    ['google_oauth', { userInfo: { provider: 'google', subject: 's' } }, '/api/v1/oauth/transfer'],
  ])("transfer of '%s' sends the 400's account fields with the nonce", async (type, account, path) => {
    const { foyer, requests } = await setup()
    const data = { nonce: 'nonce-1', account_type: type, display_name: 'x', embedded_wallet_address: null, account }
    await act(async () => void (await foyer.accounts.transfer(data)))
    expect(lastRequest(requests)).toMatchObject({ path, body: { ...account, nonce: 'nonce-1' } })
  })
})

