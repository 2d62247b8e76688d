// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TokenResponse } from '../../core/protocol/index.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { AccountButtons, fetchOf, renderSignedIn, useAccountFlowServer } from '../../test/kit/accountFlowKit.js'
import { email } from './index.js'
import { typeCode } from '../../test/kit/codeBoxes.js'

const server = useAccountFlowServer()
afterEach(cleanup)

let seq = 0
const unique = (name: string) => `${name}-${Date.now()}-${++seq}@example.com`

/** A user who signed up by SMS (no e-mail yet). */
async function smsUser(): Promise<TokenResponse> {
  const phoneNumber = `+1202555${String(1000 + ++seq).slice(-4)}`
  await server().request('/api/v1/passwordless_sms/init', { body: { phoneNumber } })
  const res = await server().request('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber, code: await server().lastCode(phoneNumber) } })
  return (await res.json()) as TokenResponse
}

async function enterAddress(address: string) {
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
}

describe('link e-mail (useLinkAccount → the modal)', () => {
  it("links an e-mail to an SMS user on 'Link your email' → code → Success, and reports the linked account", async () => {
    const onSuccess = vi.fn()
    const onError = vi.fn()
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="email" link={{ onSuccess, onError }} />, await smsUser())
    const address = unique('link')
    fireEvent.click(screen.getByRole('button', { name: 'link email' }))
    expect(await screen.findByRole('heading', { name: 'Link your email' })).toBeTruthy()
    expect(foyer.$modal.peek().intent).toBe('link')
    await enterAddress(address)
    await act(async () => typeCode(await server().lastCode(address)))
    // The kernel shows 'Success!' for successDelayMs, then closes (covered by the kernel's tests).
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    const result = onSuccess.mock.calls[0]![0]
    expect(result.linkMethod).toBe('email')
    expect(result.linkedAccount).toMatchObject({ type: 'email', address })
    expect(result.user.linkedAccounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'phone'])
    expect(foyer.$session.peek().user?.email?.address).toBe(address)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 })
    // Closing after success is no exit.
    expect(onError).not.toHaveBeenCalled()
  })

  it("refuses a second e-mail before asking for an address or sending a code: 'User already has an account of type email linked.'", async () => {
    const first = unique('first')
    const onError = vi.fn()
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="email" link={{ onError }} />, await server().login(first))
    const sentBefore = (await server().outbox()).length
    fireEvent.click(screen.getByRole('button', { name: 'link email' }))
    const dialog = await screen.findByRole('dialog', { name: 'User already has an account of type email linked.' })
    expect(dialog.querySelector('input')).toBeNull()
    await waitFor(() => expect(onError).toHaveBeenCalledWith('CANNOT_LINK_MORE_OF_TYPE'))
    expect((await server().outbox()).length).toBe(sentBefore)
    expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.address)).toEqual([first])
    // Closing reports nothing more: the caller already has the code.
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it("reports EXITED_LINK_FLOW when the user closes the link screen", async () => {
    const onError = vi.fn()
    await renderSignedIn(server(), <AccountButtons kind="email" link={{ onError }} />, await smsUser())
    fireEvent.click(screen.getByRole('button', { name: 'link email' }))
    await screen.findByRole('heading', { name: 'Link your email' })
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    await waitFor(() => expect(onError).toHaveBeenCalledWith('EXITED_LINK_FLOW'))
  })

  it('refuses to link for a visitor who is not signed in: MUST_BE_AUTHENTICATED, nothing opens', async () => {
    const onError = vi.fn()
    const { foyer } = await renderWithFoyer(<AccountButtons kind="email" link={{ onError }} />, { plugins: [email()], fetch: fetchOf(server()) })
    fireEvent.click(screen.getByRole('button', { name: 'link email' }))
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('User must be authenticated to link an account'))
    expect(onError).toHaveBeenCalledWith('MUST_BE_AUTHENTICATED')
    expect(foyer.$modal.peek().open).toBe(false)
  })
})

describe('update e-mail (useUpdateEmail)', () => {
  it("replaces the address on 'Update your email' → code sent to the new one → Success", async () => {
    const onSuccess = vi.fn()
    const old = unique('old')
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="email" update={{ onSuccess }} />, await server().login(old))
    fireEvent.click(screen.getByRole('button', { name: 'update email' }))
    expect(await screen.findByRole('heading', { name: 'Update your email' })).toBeTruthy()
    expect(screen.getByText(new RegExp(`Your current email is ${old}`))).toBeTruthy()
    expect(foyer.$modal.peek().intent).toBe('update')
    const next = unique('new')
    await enterAddress(next)
    await act(async () => typeCode(await server().lastCode(next)))
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    expect(onSuccess.mock.calls[0]![0].linkedAccount).toMatchObject({ type: 'email', address: next })
    expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.address)).toEqual([next])
  })

  it("says why a too-long new address can't be submitted (Submit disabled, the reason under the field)", async () => {
    await renderSignedIn(server(), <AccountButtons kind="email" />, await server().login(unique('long')))
    fireEvent.click(screen.getByRole('button', { name: 'update email' }))
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: `${'a'.repeat(588)}@example.com` } })
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address of at most 320 characters.')
  })

  it("refuses a user without an e-mail with 'User must have an email to update it' and opens nothing", async () => {
    const onError = vi.fn()
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="email" update={{ onError }} />, await smsUser())
    fireEvent.click(screen.getByRole('button', { name: 'update email' }))
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('User must have an email to update it'))
    expect(onError).toHaveBeenCalledWith('FAILED_TO_UPDATE_ACCOUNT')
    expect(foyer.$modal.peek().open).toBe(false)
  })
})

describe('unlink e-mail (useUnlinkAccount)', () => {
  it("refuses to unlink the last login method with the server's error and leaves the user as it was", async () => {
    const address = unique('last')
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="email" target={address} />, await server().login(address))
    const before = foyer.$session.peek().user
    fireEvent.click(screen.getByRole('button', { name: 'unlink email' }))
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('Cannot unlink the last login method of this account.'))
    expect(foyer.$session.peek().user).toBe(before)
    const me = await server().request('/api/v1/users/me', { token: foyer.$session.peek().accessToken ?? '' })
    expect(((await me.json()) as { user: { linkedAccounts: unknown[] } }).user.linkedAccounts).toHaveLength(1)
  })

  it('unlinks an e-mail next to a phone and puts the answered user on the session', async () => {
    const tokens = await smsUser()
    const address = unique('extra')
    await server().request('/api/v1/passwordless/init', { body: { email: address } })
    await server().request('/api/v1/passwordless/link', { token: tokens.token ?? '', body: { email: address, code: await server().lastCode(address) } })
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="email" target={address} />, tokens)
    await act(() => foyer.session.refreshUser())
    expect(foyer.$session.peek().user?.email?.address).toBe(address)
    fireEvent.click(screen.getByRole('button', { name: 'unlink email' }))
    await waitFor(() => expect(foyer.$session.peek().user?.email).toBeUndefined())
    expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.type)).toEqual(['phone'])
    expect(screen.getByTestId('error').textContent).toBe('')
  })
})
