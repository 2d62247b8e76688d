// @vitest-environment happy-dom
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { emailServer } from '../email/server.js'
import { ApiError } from '../../core/errors/index.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { errorResponse, renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { findEnabledButton } from '../../test/kit/findEnabledButton.js'
import { completeChannel, signConnectUri } from '../../test/standins/farcasterApp.js'
import { FoyerContext } from '../../ui/FoyerContext.js'
import { farcasterErrorText } from './farcasterErrors.js'
import { pollFarcaster } from './farcasterFlow.js'
import { farcaster, useLoginWithFarcaster } from './index.js'
import { farcasterServer as serverPlugin } from './server.js'
import { LoginButton } from '../../test/kit/LoginButton.js'

const FID = 777
const custody = privateKeyToAccount(generatePrivateKey())
let server: TestServer
beforeAll(async () => {
  server = await createTestServer({
    plugins: [emailServer(), farcasterServer()],
    app: { farcaster: {} },
  })
}, 60_000)
afterAll(() => server.close())
afterEach(cleanup)

/** The server half with a fixture resolver that knows one fid. */
function farcasterServer() {
  return serverPlugin({ resolveCustody: async (fid) => (fid === BigInt(FID) ? custody.address : null) })
}

const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch
const relay = (path: string, init: RequestInit) => Promise.resolve(server.app.request(path, init))

describe('the Awaiting Farcaster connection screen', () => {
  it('shows the QR code of the connect URI and the app link, polls, and signs in once the channel completes', async () => {
    const { foyer } = await renderWithFoyer(<LoginButton />, { plugins: [farcaster()], fetch, appConfig: { farcaster: true } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    fireEvent.click(await findEnabledButton('Farcaster'))
    const link = await screen.findByRole('link', { name: 'Open the Farcaster app' }, { timeout: 20_000 })
    const connectUri = link.getAttribute('href')!
    expect(connectUri).toContain('/~/sign-in-with-farcaster?channelToken=')
    const qr = await screen.findByRole('img', { name: 'QR code to sign in with Farcaster' }, { timeout: 20_000 })
    expect(qr.getAttribute('data-value')).toBe(connectUri)
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100)
    expect(screen.getByText('Awaiting Farcaster connection')).toBeTruthy()

    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    fireEvent.click(link)
    expect(open).toHaveBeenCalledWith(connectUri, '_blank', 'noopener,noreferrer')

    const signed = await signConnectUri(connectUri, custody, FID)
    expect((await completeChannel(relay, signed)).status).toBe(201)
    await waitFor(() => expect(foyer.$session.peek().status).toBe('authenticated'), { timeout: 8000 })
    expect(foyer.$session.peek().user?.farcaster).toMatchObject({ type: 'farcaster', fid: FID })
  })
})

describe('useLoginWithFarcaster', () => {
  const wrapper = (foyer: unknown) => ({ children }: { children: ReactNode }) => (
    <FoyerContext.Provider value={foyer as never}>{children}</FoyerContext.Provider>
  )

  it("refuses to wait before init: 'The Farcaster flow must be initialised first'", async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [farcaster()], fetch, appConfig: { farcaster: true } })
    const onError = vi.fn()
    const { result } = renderHook(() => useLoginWithFarcaster({ onError }), { wrapper: wrapper(foyer) })
    await act(() => expect(result.current.loginWithFarcaster()).rejects.toMatchObject({ code: 'FARCASTER_NOT_INITIALISED' }))
    expect(result.current.state.status).toBe('error')
    expect(result.current.state.error?.shortMessage).toBe('The Farcaster flow must be initialised first')
    expect(onError).toHaveBeenCalledWith('FARCASTER_NOT_INITIALISED')
  })

  it('goes initial → generating-uri → awaiting-uri (with the connect URI) → done', async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [farcaster()], fetch, appConfig: { farcaster: true } })
    const onComplete = vi.fn()
    const seen: string[] = []
    const { result } = renderHook(
      () => {
        const hook = useLoginWithFarcaster({ onComplete })
        if (seen.at(-1) !== hook.state.status) seen.push(hook.state.status)
        return hook
      },
      { wrapper: wrapper(foyer) },
    )
    let pending!: Promise<{ connectUri: string }>
    act(() => {
      pending = result.current.initLoginWithFarcaster()
    })
    expect(result.current.state.status).toBe('generating-uri')
    let uri: string | undefined
    await act(async () => {
      uri = (await pending)?.connectUri
    })
    expect(result.current.state).toMatchObject({ status: 'awaiting-uri', connectUri: uri })
    const signed = await signConnectUri(uri!, custody, FID)
    await completeChannel(relay, signed)
    await act(() => result.current.loginWithFarcaster())
    expect(seen).toEqual(['initial', 'generating-uri', 'awaiting-uri', 'done'])
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(onComplete.mock.calls[0]![0].loginAccount).toMatchObject({ type: 'farcaster', fid: FID })
  })
})

describe('polling and error texts', () => {
  it("times out with 'The request timed out. Try again.' when the channel never completes", async () => {
    const { foyer } = await renderWithFoyer(null, {
      plugins: [farcaster()],
      routes: { '/api/v1/farcaster/status': () => ({ state: 'pending' }) },
      appConfig: { farcaster: true },
    })
    // The plugin's API table loads with its first call: load it before the timed window, so a loaded machine's
    // import doesn't eat the 200 ms the polls are counted in.
    await foyer.call('farcaster.status', { channel_token: 'A'.repeat(43) }).catch(() => undefined)
    const polls: number[] = []
    const started = Date.now()
    const original = foyer.call.bind(foyer)
    foyer.call = ((id: string, ...rest: unknown[]) => {
      if (id === 'farcaster.status') polls.push(Date.now() - started)
      return (original as (...a: unknown[]) => Promise<unknown>)(id, ...rest)
    }) as typeof foyer.call
    const error = await pollFarcaster(foyer, 'A'.repeat(43), { intervalMs: 20, timeoutMs: 200 }).catch((e) => e)
    expect(error.code).toBe('FARCASTER_TIMEOUT')
    expect(farcasterErrorText(error)).toBe('The request timed out. Try again.')
    expect(polls.length).toBeGreaterThanOrEqual(5)
  })

  it('a refused channel ends the poll at once', async () => {
    const { foyer } = await renderWithFoyer(null, {
      plugins: [farcaster()],
      routes: { '/api/v1/farcaster/status': () => errorResponse(429, 'too_many_requests', 'Too many attempts.') },
      appConfig: { farcaster: true },
    })
    const error = await pollFarcaster(foyer, 'A'.repeat(43), { intervalMs: 10, timeoutMs: 10_000 }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(farcasterErrorText(error)).toBe('Too many requests. Please wait before trying again.')
  })

  it("maps every §8 Farcaster case to the spec's text", () => {
    const api = (code: string, status = 400) => new ApiError('x', { status, serverCode: code })
    expect(farcasterErrorText(api('invalid_credentials', 401))).toBe('Something went wrong. Try again.')
    expect(farcasterErrorText(api('linked_to_another_user', 409))).toBe('This account has already been linked to another user.')
    expect(farcasterErrorText(api('too_many_requests', 429))).toBe('Too many requests. Please wait before trying again.')
    expect(farcasterErrorText(api('custody_lookup_failed', 502))).toBe('Authentication failed')
    expect(farcasterErrorText(new Error('boom'))).toBe('Authentication failed')
  })
})
