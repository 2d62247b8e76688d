// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TokenResponse } from '../../core/protocol/index.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { useLinkAccount, type UseAccountFlowParameters } from '../../ui/hooks/useLinkAccount.js'
import { useUnlinkAccount } from '../../ui/hooks/useUnlinkAccount.js'
import { useUpdatePhone } from '../../ui/hooks/useUpdateAccount.js'
import { email } from '../email/index.js'
import { emailServer } from '../email/server.js'
import { sms } from './index.js'
import { smsServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({
    plugins: [emailServer(), smsServer()],
    app: { sms_auth: true },
    rateLimits: { 'email.send.ip': { limit: 1000 }, 'sms.send.ip': { limit: 1000 } },
  })
}, 60_000)
afterAll(() => server.close())
afterEach(cleanup)

const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch
const codeBoxes = () => Array.from({ length: 6 }, (_, i) => screen.getByLabelText(`Digit ${i + 1}`))
const typeCode = (code: string) => code.split('').forEach((d, i) => fireEvent.change(codeBoxes()[i]!, { target: { value: d } }))

function Account({ number, link = {}, update = {} }: { number?: string; link?: UseAccountFlowParameters; update?: UseAccountFlowParameters }) {
  const { linkPhone } = useLinkAccount(link)
  const { updatePhone } = useUpdatePhone(update)
  const { unlinkPhone } = useUnlinkAccount()
  const [error, setError] = useState('')
  const run = (action: () => Promise<unknown>) => () => void action().catch((e: { shortMessage?: string }) => setError(e.shortMessage ?? 'error'))
  return (
    <div>
      <button type="button" onClick={run(linkPhone)}>link phone</button>
      <button type="button" onClick={run(updatePhone)}>update phone</button>
      <button type="button" onClick={run(() => unlinkPhone(number ?? ''))}>unlink phone</button>
      <p data-testid="error">{error}</p>
    </div>
  )
}

async function signedIn(ui: React.ReactNode, tokens: TokenResponse) {
  const rendered = await renderWithFoyer(ui, { plugins: [email(), sms()], fetch, config: { successDelayMs: 300 } })
  act(() => rendered.foyer.session.handleTokenResponse(tokens))
  return rendered
}

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
    const { foyer } = await signedIn(<Account link={{ onSuccess }} />, await server.login(address))
    fireEvent.click(screen.getByRole('button', { name: 'link phone' }))
    expect(await screen.findByRole('heading', { name: 'Link your phone' })).toBeTruthy()
    await enterNumber('202 555 0161')
    await act(async () => typeCode(await server.lastCode('+12025550161')))
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    expect(onSuccess.mock.calls[0]![0]).toMatchObject({ linkMethod: 'sms', linkedAccount: { type: 'phone', number: '+12025550161' } })
    expect(foyer.$session.peek().user?.email?.address).toBe(address)
    expect(foyer.$session.peek().user?.phone).toMatchObject({ number: '+12025550161' })
  })

  it("updates the number on 'Update your phone' (the code goes to the new number)", async () => {
    const onSuccess = vi.fn()
    await server.request('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+12025550162' } })
    const res = await server.request('/api/v1/passwordless_sms/authenticate', {
      body: { phoneNumber: '+12025550162', code: await server.lastCode('+12025550162') },
    })
    const { foyer } = await signedIn(<Account update={{ onSuccess }} />, (await res.json()) as TokenResponse)
    fireEvent.click(screen.getByRole('button', { name: 'update phone' }))
    expect(await screen.findByRole('heading', { name: 'Update your phone' })).toBeTruthy()
    expect(screen.getByText(/Your current number is \+12025550162/)).toBeTruthy()
    await enterNumber('202 555 0163')
    await act(async () => typeCode(await server.lastCode('+12025550163')))
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.number)).toEqual(['+12025550163'])
  })

  it("refuses to update without a phone ('User must have a phone number to update it') and unlinks a phone next to an e-mail", async () => {
    const onError = vi.fn()
    const address = `phone-unlink-${Date.now()}@example.com`
    const tokens = await server.login(address)
    const { foyer } = await signedIn(<Account number="+12025550164" update={{ onError }} />, tokens)
    fireEvent.click(screen.getByRole('button', { name: 'update phone' }))
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('User must have a phone number to update it'))
    expect(onError).toHaveBeenCalledWith('FAILED_TO_UPDATE_ACCOUNT')
    expect(foyer.$modal.peek().open).toBe(false)

    await server.request('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+12025550164' } })
    await server.request('/api/v1/passwordless_sms/link', { token: tokens.token ?? '', body: { phoneNumber: '+12025550164', code: await server.lastCode('+12025550164') } })
    await act(() => foyer.session.refreshUser())
    expect(foyer.$session.peek().user?.phone).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'unlink phone' }))
    await waitFor(() => expect(foyer.$session.peek().user?.phone).toBeUndefined())
    expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.type)).toEqual(['email'])
  })
})
