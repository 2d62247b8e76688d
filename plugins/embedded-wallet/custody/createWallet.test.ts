// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FlowContext, Foyer } from '../../../core/client/types.js'
import { uiScreens } from '../../../core/client/screenIds.js'
import { createOnLoginHook } from './createOnLoginHook.js'
import { WALLET_CREATE_TIMEOUT_MS, WALLET_SCREENS } from '../walletConstants.js'
import { createWallet } from './createWallet.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { FRAME_READY, frameEvents } from '../../wallet-frame/index.js'
import { handshakeWalletFrame } from '../../wallet-frame/index.js'

const WALLET = 'http://localhost:8788'

/**
 * The plugin's state over the real host side of the frame channel (handshake, proxy, its own waits), with a frame
 * that takes every request and never answers: what the host sees when the custody call hangs.
 */
function silentFrameState() {
  const frame = document.createElement('iframe')
  frame.src = `${WALLET}/apps/app/embedded-wallets`
  document.body.appendChild(frame)
  const connecting = handshakeWalletFrame(frame, 2_000)
  const channel = new MessageChannel()
  const received: string[] = []
  channel.port1.onmessage = (event) => received.push((event.data as { event: string }).event)
  window.dispatchEvent(new MessageEvent('message', { data: { type: FRAME_READY }, origin: WALLET, source: frame.contentWindow as Window, ports: [channel.port2] }))
  return { state: { proxy: () => connecting } as unknown as EmbeddedWalletState, received }
}

/** A signed-in kernel without an embedded wallet; what the create-on-login hook calls is recorded. */
function fakeFoyer() {
  const user = { id: 'did:foyer:user', linkedAccounts: [] }
  const foyer = {
    $session: { peek: () => ({ status: 'authenticated', user }) },
    $modal: { peek: () => ({ open: false }) },
    session: { getAccessToken: async () => 'access-token', refreshUser: vi.fn(async () => user), logout: vi.fn(async () => {}) },
    track: vi.fn(),
  }
  return { foyer, asFoyer: foyer as unknown as Foyer, user }
}

afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
})

describe('wallet creation that never answers', () => {
  it(`rejects with the spec's 'walletProxy.create timed out.' at ${WALLET_CREATE_TIMEOUT_MS / 1000} s, not before`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { state, received } = silentFrameState()
    const { asFoyer } = fakeFoyer()
    let outcome: unknown = 'pending'
    const creating = createWallet(asFoyer, state).then(
      () => (outcome = 'resolved'),
      (error: unknown) => (outcome = error),
    )
    await vi.advanceTimersByTimeAsync(WALLET_CREATE_TIMEOUT_MS - 1)
    // (The port delivers on the event loop, which fake timers don't run.)
    await new Promise((resolve) => setImmediate(resolve))
    expect(received).toEqual([frameEvents.create])
    expect(outcome).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    await creating
    expect(outcome).toMatchObject({ code: 'WALLET_CREATE_TIMEOUT', shortMessage: 'walletProxy.create timed out.' })
  })

  it('at login: logs the user out, reports the timeout to analytics and fails the login with the timeout itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { state } = silentFrameState()
    const { foyer, asFoyer, user } = fakeFoyer()
    const hook = createOnLoginHook(state, () => 'users-without-wallets')
    const ctx = { foyer: asFoyer, intent: 'login', user, isNewUser: true, loginMethod: 'email', prompt: vi.fn() } as unknown as FlowContext
    const failed = hook(ctx).then(
      () => null,
      (error: unknown) => error,
    )
    await vi.advanceTimersByTimeAsync(WALLET_CREATE_TIMEOUT_MS)
    expect(await failed).toMatchObject({ code: 'WALLET_CREATE_TIMEOUT', shortMessage: 'walletProxy.create timed out.' })
    expect(foyer.track).toHaveBeenCalledWith('embedded_wallet_creation_failed', { reason: 'WALLET_CREATE_TIMEOUT' })
    expect(foyer.session.logout).toHaveBeenCalledOnce()
    expect(foyer.session.refreshUser).not.toHaveBeenCalled()
  })

  it("in the modal: the connecting screen gives way to 'Something went wrong' with the reason and Close", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { state } = silentFrameState()
    const { foyer, asFoyer, user } = fakeFoyer()
    const texts: Record<string, string> = { 'error.generic.title': 'Something went wrong', 'common.close': 'Close' }
    const replace = vi.fn()
    Object.assign(foyer, {
      $modal: { peek: () => ({ open: true }) },
      modal: { replace },
      registry: { screens: new Map([[uiScreens.error, {}]]) },
      t: (key: string) => texts[key] ?? key,
    })
    const ctx = { foyer: asFoyer, intent: 'login', user, isNewUser: true, loginMethod: 'email', prompt: vi.fn() } as unknown as FlowContext
    const failed = createOnLoginHook(state, () => 'all-users')(ctx).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(WALLET_CREATE_TIMEOUT_MS)
    expect(await failed).toMatchObject({ code: 'WALLET_CREATE_TIMEOUT' })
    expect(replace.mock.calls).toEqual([
      [WALLET_SCREENS.connecting],
      [uiScreens.error, { title: 'Something went wrong', detail: 'walletProxy.create timed out.', cta: { label: 'Close', action: 'close' } }],
    ])
    expect(ctx.prompt).not.toHaveBeenCalled()
  })
})
