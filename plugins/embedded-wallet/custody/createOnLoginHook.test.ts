import { describe, expect, it, vi } from 'vitest'
import type { FlowContext, Foyer } from '../../../core/client/types.js'
import type { LinkedAccount, User } from '../../../core/protocol/index.js'
import { embeddedSolanaAccount, embeddedWalletAccount, fakeWalletFrame, kitUser } from '../../../test/kit/fakeWalletFrame.js'
import { canCreateSolanaWallet, createOnLoginHook, shouldCreateOnLogin, type CreateOnLogin } from './createOnLoginHook.js'
import { WALLET_SCREENS } from '../walletConstants.js'
import { frameEvents } from '../../wallet-frame/index.js'

const external: LinkedAccount = { type: 'wallet', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainType: 'ethereum', walletClientType: 'metamask', connectorType: 'injected' } as LinkedAccount

/**
 * A signed-in kernel over the fake frame: what the frame creates joins the user the next refresh answers, so the hook
 * sees each new wallet (the Solana rule reads the Ethereum wallet's recovery).
 */
function login(accounts: LinkedAccount[], options: { open?: boolean; recovery?: LinkedAccount['recoveryMethod'] } = {}) {
  const frame = fakeWalletFrame()
  let user = kitUser(accounts) as User
  const created = (event: string) =>
    event === frameEvents.solanaCreate ? embeddedSolanaAccount(frame.solanaKeypair(0).address) : { ...embeddedWalletAccount(frame.account(0).address), recoveryMethod: options.recovery ?? 'privy' }
  const recorded = recordingState(frame, (event) => (user = { ...user, linkedAccounts: [...user.linkedAccounts, created(event)] }))
  const foyer = {
    $session: { peek: () => ({ status: 'authenticated', user }) },
    $modal: { peek: () => ({ open: options.open ?? false }) },
    modal: { replace: vi.fn() },
    session: { getAccessToken: async () => 'access-token', refreshUser: vi.fn(async () => user), logout: vi.fn(async () => {}) },
    track: vi.fn(),
  }
  const ctx = { foyer: foyer as unknown as Foyer, intent: 'login', user: kitUser(accounts), isNewUser: true, loginMethod: 'email', prompt: vi.fn(async () => {}) }
  return { frame, foyer, ctx: ctx as unknown as FlowContext & { prompt: ReturnType<typeof vi.fn> }, state: recorded.state, events: recorded.events }
}

/** The fake frame's state, with every create also running `onCreate` (the server's side of it). */
function recordingState(frame: ReturnType<typeof fakeWalletFrame>, onCreate: (event: string) => void) {
  const events: string[] = []
  const state = {
    ...frame.state,
    proxy: async () => {
      const inner = await frame.state.proxy()
      return {
        ...inner,
        async request<R>(event: (typeof frameEvents)[keyof typeof frameEvents], data: unknown, timeoutMs?: number): Promise<R> {
          events.push(event)
          if (event === frameEvents.create) return (onCreate(event), { address: frame.account(0).address }) as R
          const answer = await inner.request<R>(event, data, timeoutMs)
          if (event === frameEvents.solanaCreate) onCreate(event)
          return answer
        },
      }
    },
  }
  return { state, events }
}

const run = async (ethereum: CreateOnLogin, solana: CreateOnLogin, accounts: LinkedAccount[] = [], options: Parameters<typeof login>[1] = {}) => {
  const flow = login(accounts, options)
  await createOnLoginHook(flow.state, () => ethereum, () => solana)(flow.ctx)
  return flow
}

describe('wallets made at login (embeddedWallets.ethereum / solana.createOnLogin)', () => {
  it('makes the Ethereum wallet, then the Solana one, when both ask; one connecting and one created screen', async () => {
    const { events, ctx, foyer } = await run('users-without-wallets', 'users-without-wallets', [], { open: true })
    expect(events).toEqual([frameEvents.create, frameEvents.solanaCreate])
    expect(foyer.modal.replace).toHaveBeenCalledExactlyOnceWith(WALLET_SCREENS.connecting)
    expect(ctx.prompt).toHaveBeenCalledExactlyOnceWith(WALLET_SCREENS.created)
    // 'All set!' is the sign-up's success: the kernel must not show 'Success!' after it.
    expect(ctx.successShown).toBe(true)
  })

  it('with the modal closed (no created screen) it leaves the success to the kernel', async () => {
    const { ctx } = await run('users-without-wallets', 'off')
    expect(ctx.successShown).toBeUndefined()
  })

  it.each([
    ['off', 'all-users', [frameEvents.solanaCreate]],
    ['all-users', 'off', [frameEvents.create]],
    ['off', 'off', []],
  ] as const)('ethereum %s, solana %s: creates %j', async (ethereum, solana, expected) => {
    expect((await run(ethereum, solana)).events).toEqual(expected)
  })

  it("solana 'users-without-wallets' looks at the user the login answered: one with an external wallet gets none, 'all-users' does", async () => {
    expect((await run('off', 'users-without-wallets', [external])).events).toEqual([])
    expect((await run('off', 'all-users', [external])).events).toEqual([frameEvents.solanaCreate])
  })

  it('a user who has an embedded Solana wallet gets no second one', async () => {
    const frame = fakeWalletFrame()
    expect((await run('all-users', 'all-users', [embeddedSolanaAccount(frame.solanaKeypair(0).address)])).events).toEqual([frameEvents.create])
  })

  it("skips the Solana wallet when the Ethereum wallet's recovery isn't automatic ('privy'): the spec's rule", async () => {
    const { events, foyer } = await run('all-users', 'all-users', [], { recovery: 'user-passcode' })
    expect(events).toEqual([frameEvents.create])
    expect(foyer.session.logout).not.toHaveBeenCalled()
    expect(canCreateSolanaWallet(null)).toBe(true)
  })

  it("a failed Solana creation logs the user out and fails the login with 'Failed to create wallet'", async () => {
    const flow = login([])
    flow.frame.failNext(new (await import('../../wallet-frame/index.js')).WalletProxyError('error', 'boom'))
    await expect(createOnLoginHook(flow.state, () => 'off', () => 'all-users')(flow.ctx)).rejects.toMatchObject({ code: 'WALLET_CREATE_FAILED', shortMessage: 'Failed to create wallet' })
    expect(flow.foyer.session.logout).toHaveBeenCalledOnce()
    expect(flow.foyer.track).toHaveBeenCalledWith('embedded_wallet_creation_failed', { reason: 'WALLET_PROXY_ERROR' })
  })

  it('runs for logins only, and the Ethereum default stays as it was (no Solana setting: none)', async () => {
    const flow = login([])
    await createOnLoginHook(flow.state, () => 'all-users')({ ...flow.ctx, intent: 'link' })
    expect(flow.events).toEqual([])
    await createOnLoginHook(flow.state, () => 'all-users')(flow.ctx)
    expect(flow.events).toEqual([frameEvents.create])
    expect(shouldCreateOnLogin('users-without-wallets', { user: kitUser([external]) as User }, 'solana')).toBe(false)
  })
})
