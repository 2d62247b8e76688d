import { describe, expect, it, vi } from 'vitest'
import { FlowError } from '../../../core/errors/index.js'
import type { FlowContext, Foyer } from '../../../core/client/types.js'
import type { User } from '../../../core/protocol/index.js'
import { embeddedWalletAccount, fakeWalletFrame, kitUser } from '../../../test/kit/fakeWalletFrame.js'
import { createOnLoginHook } from './createOnLoginHook.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { RECOVERY_SCREENS, WALLET_SCREENS } from '../walletConstants.js'

/** A new user signing in with the modal open; the fake frame's create adds the wallet the next refresh answers. */
function login(prompt: (screen: string, params?: unknown) => Promise<unknown>) {
  const frame = fakeWalletFrame()
  let user = kitUser([]) as User
  const state = {
    ...frame.state,
    proxy: async () => ({
      async request<R>(event: string): Promise<R> {
        if (event !== frameEvents.create) throw new Error(`unexpected ${event}`)
        user = { ...user, linkedAccounts: [embeddedWalletAccount(frame.account(0).address)] }
        return { address: frame.account(0).address } as R
      },
      destroy() {},
    }),
  }
  const foyer = {
    $session: { peek: () => ({ status: 'authenticated', user }) },
    $modal: { peek: () => ({ open: true }) },
    modal: { replace: vi.fn() },
    session: { getAccessToken: async () => 'access-token', refreshUser: vi.fn(async () => user), logout: vi.fn(async () => {}) },
    track: vi.fn(),
  }
  const ctx = { foyer: foyer as unknown as Foyer, intent: 'login', user: kitUser([]), isNewUser: true, loginMethod: 'email', prompt: vi.fn(prompt) }
  return { frame, foyer, ctx: ctx as unknown as FlowContext & { prompt: ReturnType<typeof vi.fn> }, state: state as never }
}

describe('require_user_owned_recovery_on_create: the wallet is created first, then the password is set', () => {
  it('after creating the Ethereum wallet the password screens show, then the created screen', async () => {
    const flow = login(async () => undefined)
    await createOnLoginHook(flow.state, () => 'users-without-wallets', () => 'off', () => ['user-passcode'])(flow.ctx)
    expect(flow.ctx.prompt.mock.calls.map((c) => c[0])).toEqual([RECOVERY_SCREENS.setPassword, WALLET_SCREENS.created])
    expect(flow.ctx.prompt.mock.calls[0]![1]).toEqual({ address: flow.frame.account(0).address, recoveryMethod: 'user-passcode' })
  })

  it("leaving the password screens: 'Exited before password was added to wallet'; the user keeps the wallet and the session", async () => {
    const flow = login(async () => Promise.reject(new FlowError('User exited auth flow', 'EXITED_AUTH_FLOW')))
    const failure = await createOnLoginHook(flow.state, () => 'users-without-wallets', () => 'off', () => ['user-passcode'])(flow.ctx).catch((e: FlowError) => e)
    expect(failure).toMatchObject({ shortMessage: 'Exited before password was added to wallet', code: 'EXITED_BEFORE_PASSWORD' })
    expect(flow.foyer.session.logout).not.toHaveBeenCalled()
  })

  it("a failure setting it: 'User created a wallet but failed to set a password for it'", async () => {
    const flow = login(async () => Promise.reject(new FlowError('Error setting password on foyer wallet', 'SET_RECOVERY_FAILED')))
    const failure = await createOnLoginHook(flow.state, () => 'users-without-wallets', () => 'off', () => ['user-passcode'])(flow.ctx).catch((e: FlowError) => e)
    expect(failure).toMatchObject({ shortMessage: 'User created a wallet but failed to set a password for it', code: 'PASSWORD_ON_CREATE_FAILED' })
  })

  it("with more than one method the user chooses: 'Secure your account' with the app's options", async () => {
    const flow = login(async () => undefined)
    await createOnLoginHook(flow.state, () => 'users-without-wallets', () => 'off', () => ['google-drive', 'user-passcode'])(flow.ctx)
    expect(flow.ctx.prompt.mock.calls.map((c) => c[0])).toEqual([RECOVERY_SCREENS.select, WALLET_SCREENS.created])
    expect(flow.ctx.prompt.mock.calls[0]![1]).toEqual({ address: flow.frame.account(0).address, options: ['google-drive', 'user-passcode'], current: 'privy' })
  })

  it('without the setting no password is asked', async () => {
    const flow = login(async () => undefined)
    await createOnLoginHook(flow.state, () => 'users-without-wallets', () => 'off')(flow.ctx)
    expect(flow.ctx.prompt.mock.calls.map((c) => c[0])).toEqual([WALLET_SCREENS.created])
  })
})
