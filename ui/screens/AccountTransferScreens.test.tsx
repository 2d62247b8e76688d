// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { errorScreenFor, failureScreens } from '../../core/client/errorScreen.js'
import { createRegistry } from '../../core/client/registry.js'
import { transferMethodOf } from '../../core/client/transferMethod.js'
import { ApiError } from '../../core/errors/index.js'
import { TokenResponseSchema, type AccountTransferData, type TokenResponse } from '../../core/protocol/index.js'
import disclosure, { DISCLOSED_WALLET } from '../../test/kit/walletDisclosurePlugin.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { fakeLoginPlugin, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { email } from '../../plugins/email/index.js'
import { emailServer } from '../../plugins/email/server.js'
import { sms } from '../../plugins/sms/index.js'
import { smsServer } from '../../plugins/sms/server.js'

const WALLET = DISCLOSED_WALLET

let server: TestServer
let seq = 0
let phoneSeq = 400
const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

beforeAll(async () => {
  server = await createTestServer({
    plugins: [emailServer(), smsServer(), disclosure],
    app: { sms_auth: true },
    rateLimits: { 'email.send.ip': { limit: 10_000 }, 'sms.send.ip': { limit: 10_000 } },
  })
})
afterAll(() => server.close())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

async function loginPhone(): Promise<TokenResponse> {
  const phoneNumber = `+1202555${String(phoneSeq++).padStart(4, '0')}`
  await server.request('/api/v1/passwordless_sms/init', { body: { phoneNumber } })
  const res = await server.request('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber, code: await server.lastCode(phoneNumber) } })
  return v.parse(TokenResponseSchema, await res.json())
}

/** A owns an e-mail; B (phone) is signed in and links it through the real modal flow up to the prompt. */
async function linkOthersEmail(prefix = 'taken') {
  const address = `${prefix}-${seq++}@example.com`
  const a = await server.login(address)
  const b = await loginPhone()
  const onSuccess = vi.fn()
  const onError = vi.fn()
  const rendered = await renderWithFoyer(null, { plugins: [email(), sms()], fetch, config: { successDelayMs: 50 } })
  const { foyer } = rendered
  act(() => foyer.session.handleTokenResponse(b))
  foyer.registerCallbacks('link', { onSuccess, onError })
  await act(() => foyer.accounts.link('email'))
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
  const code = await server.lastCode(address)
  await act(async () => code.split('').forEach((d, i) => fireEvent.change(screen.getByLabelText(`Digit ${i + 1}`), { target: { value: d } })))
  await screen.findByRole('heading', { name: 'Email is associated with another account' }, { timeout: 15000 })
  return { ...rendered, address, a, b, onSuccess, onError }
}

const userExists = async (id: string) => (await server.server.db.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0

/** Opens a transfer screen directly with `data` (no server round trip needed to render it). */
async function openWith(data: AccountTransferData, screenId: string = failureScreens.accountTransfer) {
  const rendered = await renderWithFoyer(null, { plugins: [email()], fetch })
  act(() => rendered.foyer.modal.open({ intent: 'link', screen: screenId, params: { data } }))
  return rendered
}
const sample = (over: Partial<AccountTransferData> = {}): AccountTransferData => ({
  nonce: 'n',
  account_type: 'email',
  display_name: 'x@example.com',
  embedded_wallet_address: null,
  account: { email: 'x@example.com' },
  ...over,
})

describe('account transfer prompt', () => {
  it("the e-mail link flow reaches the prompt; 'Transfer and delete account' → 'Success!', onSuccess, the other user is gone", async () => {
    const { address, a, b, onSuccess, onError, foyer } = await linkOthersEmail()
    expect(screen.getByText(`Do you want to transfer ${address} to this account instead? This will delete your other account.`)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Transfer and delete account' }))
    expect(await screen.findByRole('button', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1))
    expect(onSuccess.mock.calls[0]![0]).toMatchObject({ loginMethod: 'email', linkedAccount: { type: 'email', address }, user: { id: b.user.id } })
    expect(foyer.$session.peek().user?.email?.address).toBe(address)
    expect(await userExists(a.user.id)).toBe(false)
    await waitFor(() => expect(foyer.$modal.peek().open).toBe(false))
    expect(onError).not.toHaveBeenCalled()
  })

  it("'No thanks' closes and reports EXITED_LINK_FLOW; nothing moves", async () => {
    const { a, onError, onSuccess, foyer } = await linkOthersEmail()
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }))
    expect(foyer.$modal.peek().open).toBe(false)
    expect(onError).toHaveBeenCalledWith('EXITED_LINK_FLOW')
    expect(onSuccess).not.toHaveBeenCalled()
    expect(await userExists(a.user.id)).toBe(true)
  })

  it('a disclosed embedded wallet shows Continue (not the transfer) → the asset check → transfer there', async () => {
    const { a, onSuccess } = await linkOthersEmail('rich')
    expect(screen.queryByRole('button', { name: 'Transfer and delete account' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Check assets before transfer' })).toBeTruthy()
    expect(screen.getByText('Assets in your other account will not be transferred and may be lost.')).toBeTruthy()
    expect(screen.getByText(/log back into your other account.*block explorer/)).toBeTruthy()
    expect(screen.getByTestId('foyer-transfer-wallet-address').textContent).toBe(WALLET)
    fireEvent.click(screen.getByRole('button', { name: 'Transfer and delete account' }))
    expect(await screen.findByRole('button', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1))
    expect(await userExists(a.user.id)).toBe(false)
  })

  it('a refused transfer shows the server message and lets the user try again', async () => {
    const b = await loginPhone()
    const { foyer } = await openWith(sample({ nonce: 'forged.1.x' }))
    act(() => foyer.session.handleTokenResponse(b))
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer and delete account' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired transfer nonce')
    expect(screen.getByRole('button', { name: 'Transfer and delete account' })).toBeTruthy()
  })

  it('a non-transferable type fails on the client with Invalid transfer account type, without a request', async () => {
    const b = await loginPhone()
    const { foyer, requests } = await openWith(sample({ account_type: 'passkey', display_name: 'My key' }))
    act(() => foyer.session.handleTokenResponse(b))
    const before = requests.length
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer and delete account' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid transfer account type')
    expect(requests.length).toBe(before)
    expect(screen.getByRole('heading', { name: 'Passkey is associated with another account' })).toBeTruthy()
  })
})

describe('check assets before transfer', () => {
  it("Copy copies the address and says 'Copied' for 1.5 s", async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await openWith(sample({ embedded_wallet_address: WALLET }), failureScreens.accountTransferAssets)
    const copy = await screen.findByRole('button', { name: 'Copy address' })
    vi.useFakeTimers()
    fireEvent.click(copy)
    expect(writeText).toHaveBeenCalledWith(WALLET)
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(1499))
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy()
  })
})

describe('routing and labels', () => {
  const t = (key: string) => key
  it('ACCOUNT_TRANSFER_REQUIRED with valid data → the prompt; without → the linked-to-another-user screen', () => {
    const data = sample()
    const ok = errorScreenFor(new ApiError('x', { status: 400, serverCode: 'account_transfer_required', data }), t, null)
    expect(ok).toEqual({ screen: 'foyer/account-transfer', params: { data } })
    const bad = errorScreenFor(new ApiError('x', { status: 400, serverCode: 'account_transfer_required', data: { nonce: 1 } }), t, null)
    expect(bad).toMatchObject({ screen: 'foyer/error', params: { title: 'error.linkedToAnother.title' } })
  })

  it('labels come from the landing entry of the type, else the readable type; the login method from the transferring plugin', () => {
    const registry = createRegistry([email(), sms(), fakeLoginPlugin('google', { label: 'Google' })])
    expect(transferMethodOf(registry, 'email', t)).toEqual({ loginMethod: 'email', label: 'email.label' })
    expect(transferMethodOf(registry, 'google_oauth', t)).toEqual({ loginMethod: 'google', label: 'Google' })
    expect(transferMethodOf(registry, 'phone', t)).toEqual({ loginMethod: 'sms', label: 'Phone' })
    expect(transferMethodOf(registry, 'smart_wallet', t)).toEqual({ loginMethod: 'smart_wallet', label: 'Smart wallet' })
  })
})
