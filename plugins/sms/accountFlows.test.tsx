// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TokenResponse } from '../../core/protocol/index.js'
import { AccountButtons, renderSignedIn, useAccountFlowServer } from '../../test/kit/accountFlowKit.js'
import { typeCode } from '../../test/kit/codeBoxes.js'

const server = useAccountFlowServer()
afterEach(cleanup)

/** Types a US national number on the open phone screen and submits it. */
async function enterNumber(national: string) {
  const input = await screen.findByLabelText('Phone number')
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(200))
  fireEvent.change(input, { target: { value: national } })
  await waitFor(() => expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false))
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
}

describe('link, update and unlink a phone', () => {
  it("links a phone to an e-mail user on 'Link your phone' → code → onSuccess with the phone account", async () => {
    const onSuccess = vi.fn()
    const address = `phone-link-${Date.now()}@example.com`
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="phone" link={{ onSuccess }} />, await server().login(address))
    fireEvent.click(screen.getByRole('button', { name: 'link phone' }))
    expect(await screen.findByRole('heading', { name: 'Link your phone' })).toBeTruthy()
    await enterNumber('202 555 0161')
    await act(async () => typeCode(await server().lastCode('+12025550161')))
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    expect(onSuccess.mock.calls[0]![0]).toMatchObject({ linkMethod: 'sms', linkedAccount: { type: 'phone', number: '+12025550161' } })
    expect(foyer.$session.peek().user?.email?.address).toBe(address)
    expect(foyer.$session.peek().user?.phone).toMatchObject({ number: '+12025550161' })
  })

  it("updates the number on 'Update your phone' (the code goes to the new number)", async () => {
    const onSuccess = vi.fn()
    await server().request('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+12025550162' } })
    const res = await server().request('/api/v1/passwordless_sms/authenticate', {
      body: { phoneNumber: '+12025550162', code: await server().lastCode('+12025550162') },
    })
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="phone" update={{ onSuccess }} />, (await res.json()) as TokenResponse)
    fireEvent.click(screen.getByRole('button', { name: 'update phone' }))
    expect(await screen.findByRole('heading', { name: 'Update your phone' })).toBeTruthy()
    expect(screen.getByText(/Your current number is \+12025550162/)).toBeTruthy()
    await enterNumber('202 555 0163')
    await act(async () => typeCode(await server().lastCode('+12025550163')))
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.number)).toEqual(['+12025550163'])
  })

  it("refuses to update without a phone ('User must have a phone number to update it') and unlinks a phone next to an e-mail", async () => {
    const onError = vi.fn()
    const address = `phone-unlink-${Date.now()}@example.com`
    const tokens = await server().login(address)
    const { foyer } = await renderSignedIn(server(), <AccountButtons kind="phone" target="+12025550164" update={{ onError }} />, tokens)
    fireEvent.click(screen.getByRole('button', { name: 'update phone' }))
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('User must have a phone number to update it'))
    expect(onError).toHaveBeenCalledWith('FAILED_TO_UPDATE_ACCOUNT')
    expect(foyer.$modal.peek().open).toBe(false)

    await server().request('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+12025550164' } })
    await server().request('/api/v1/passwordless_sms/link', { token: tokens.token ?? '', body: { phoneNumber: '+12025550164', code: await server().lastCode('+12025550164') } })
    await act(() => foyer.session.refreshUser())
    expect(foyer.$session.peek().user?.phone).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'unlink phone' }))
    await waitFor(() => expect(foyer.$session.peek().user?.phone).toBeUndefined())
    expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.type)).toEqual(['email'])
  })
})
