import { signal } from '@preact/signals-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Foyer } from '../../../core/client/types.js'
import { createWallet } from './createWallet.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { resumeCreateOnLoad } from './resumeCreateOnLoad.js'
import { WalletProxyError } from '../../wallet-frame/index.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const wallet = { type: 'wallet', address: ADDRESS, chainType: 'ethereum', walletClientType: 'privy', walletIndex: 0 }

/**
 * A signed-in kernel whose user has no wallet until the frame's create answers (then refreshUser sees it), and a frame
 * whose create answers each of `answers` in turn ('unreachable': the connection dropped; 'refused': a server refusal).
 */
function fixture(answers: Array<'unreachable' | 'refused' | 'created'>, options: { walletOnServer?: boolean } = {}) {
  let onServer = options.walletOnServer ?? false
  const user = () => ({ id: 'did:foyer:user', linkedAccounts: onServer ? [wallet] : [] })
  const $session = signal({ status: 'authenticated', user: user() })
  const $ready = signal(false)
  const requests: string[] = []
  const proxy = {
    request: vi.fn(async (event: string) => {
      requests.push(event)
      const answer = answers.shift() ?? 'created'
      if (answer === 'unreachable') throw new WalletProxyError('error', 'Unable to connect to wallet')
      if (answer === 'refused') throw new WalletProxyError('error', 'User already has an embedded wallet.')
      onServer = true
      return { address: ADDRESS }
    }),
  }
  const foyer = {
    $session,
    $ready,
    session: {
      getAccessToken: async () => 'access-token',
      refreshUser: vi.fn(async () => ($session.value = { status: 'authenticated', user: user() }).user),
    },
    track: vi.fn(),
  }
  const state = { proxy: async () => proxy } as unknown as EmbeddedWalletState
  return { foyer, asFoyer: foyer as unknown as Foyer, state, requests }
}

afterEach(() => vi.useRealTimers())

describe('createWallet: a dropped connection is tried again (the frame resumes the same key)', () => {
  it('unreachable twice, then created: one wallet, three sends, the account answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { asFoyer, state, requests } = fixture(['unreachable', 'unreachable', 'created'])
    const created = createWallet(asFoyer, state)
    await vi.advanceTimersByTimeAsync(1_500)
    expect(await created).toMatchObject({ address: ADDRESS })
    expect(requests).toEqual([frameEvents.create, frameEvents.create, frameEvents.create])
  })

  it('a refusal while the user has the wallet after all (another tab made it): that wallet is the answer', async () => {
    const f = fixture(['refused'])
    // The other tab's wallet lands on the server while this one's call is refused.
    f.foyer.session.refreshUser.mockImplementation(async () => ({ id: 'did:foyer:user', linkedAccounts: [wallet] }) as never)
    expect(await createWallet(f.asFoyer, f.state)).toMatchObject({ address: ADDRESS })
    expect(f.requests).toEqual([frameEvents.create])
  })

  it('a refusal with no wallet on the server fails as before', async () => {
    const { asFoyer, state } = fixture(['refused'])
    await expect(createWallet(asFoyer, state)).rejects.toMatchObject({ code: 'WALLET_PROXY_ERROR' })
  })
})

describe('resumeCreateOnLoad: once the session is restored', () => {
  it('a signed-in user the settings promise a wallet and who has none gets it, in the background, once', async () => {
    const { foyer, asFoyer, state, requests } = fixture([])
    resumeCreateOnLoad(asFoyer, () => state, () => 'users-without-wallets', () => 'off')
    expect(requests).toEqual([])
    foyer.$ready.value = true
    await vi.waitFor(() => expect(foyer.$session.value.user.linkedAccounts).toEqual([wallet]))
    foyer.$ready.value = false
    foyer.$ready.value = true
    await new Promise((r) => setTimeout(r, 10))
    expect(requests).toEqual([frameEvents.create])
  })

  it('nothing when the setting is off, the user has a wallet, or nobody is signed in', async () => {
    for (const [setting, opts, status] of [
      ['off', {}, 'authenticated'],
      ['users-without-wallets', { walletOnServer: true }, 'authenticated'],
      ['all-users', {}, 'unauthenticated'],
    ] as const) {
      const { foyer, asFoyer, state, requests } = fixture([], opts)
      foyer.$session.value = { ...foyer.$session.value, status }
      resumeCreateOnLoad(asFoyer, () => state, () => setting, () => 'off')
      foyer.$ready.value = true
      await new Promise((r) => setTimeout(r, 10))
      expect([setting, requests]).toEqual([setting, []])
    }
  })

  it('a failure is reported and the user stays signed in (the next load tries again)', async () => {
    const { foyer, asFoyer, state } = fixture(['refused'])
    resumeCreateOnLoad(asFoyer, () => state, () => 'users-without-wallets', () => 'off')
    foyer.$ready.value = true
    await vi.waitFor(() => expect(foyer.track).toHaveBeenCalledWith('embedded_wallet_creation_failed', { reason: 'WALLET_PROXY_ERROR', resumed: true }))
    expect(foyer.$session.value.status).toBe('authenticated')
  })
})
