// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin } from '../../core/client/plugin.js'
import type { RawUser } from '../../core/protocol/index.js'
import { embeddedSolanaAccount, embeddedWalletAccount, kitAccessToken, kitUser } from '../../test/kit/fakeWalletFrame.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { delegatedActionsFrameEvents } from './frameEvents.js'
import { delegatedActions } from './index.js'

afterEach(cleanup)

const SOLANA = 'GsXLvGuBGw2mqNLA2XSP2SEUbk4x1cJhw3LXSkLwqBX7'
const ETHEREUM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const userWith = (delegated: boolean): RawUser => kitUser([embeddedWalletAccount(ETHEREUM), { ...embeddedSolanaAccount(SOLANA), delegated }])
const delegatedOf = (user: { linkedAccounts: { address?: unknown; delegated?: boolean }[] } | null) => user?.linkedAccounts.find((a) => a.address === SOLANA)?.delegated

/** The kernel with delegatedActions() and a stand-in for the embedded wallet's walletFrameRequest (the frame's part). */
async function setup(frame: (address: string, event: string) => Promise<unknown> = async () => ({ delegated: true })) {
  let current = userWith(false)
  const frameRequest = vi.fn(async (address: string, event: string) => {
    const answer = await frame(address, event)
    current = userWith(true)
    return answer
  })
  const wallet = definePlugin({ id: 'fake-embedded-wallet', kind: 'wallet', actions: () => ({ walletFrameRequest: frameRequest }) })
  const revokes: unknown[] = []
  const rendered = await renderWithFoyer(<div />, {
    plugins: [wallet, delegatedActions()],
    routes: {
      '/api/v1/users/me': () => ({ user: current }),
      '/api/v1/wallets/revoke': (body) => {
        revokes.push(body)
        current = userWith(false)
        return current
      },
    },
  })
  const signIn = (user: RawUser) => act(() => rendered.foyer.session.handleTokenResponse({ user, token: kitAccessToken(), refresh_token: 'r', session_update_action: 'set' } as never))
  const actions = rendered.foyer.actions() as unknown as { delegateWallet(p: unknown): Promise<void>; revokeWallets(): Promise<void> }
  return { ...rendered, actions, frameRequest, revokes, signIn, user: () => rendered.foyer.$session.peek().user }
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: { code?: string }) => error.code)

describe('delegateWallet / revokeWallets: the rules (§5)', () => {
  it('need a signed-in user, a Solana embedded wallet of theirs, not already delegated; revoke needs a delegated one', async () => {
    const { actions, signIn } = await setup()
    expect(await codeOf(actions.delegateWallet({ address: SOLANA, chainType: 'solana' }))).toBe('MUST_BE_AUTHENTICATED')
    signIn(userWith(false))
    expect(await codeOf(actions.delegateWallet({ address: ETHEREUM, chainType: 'ethereum' }))).toBe('UNSUPPORTED_CHAIN_TYPE')
    expect(await codeOf(actions.delegateWallet({ address: '11111111111111111111111111111111', chainType: 'solana' }))).toBe('NO_EMBEDDED_WALLET')
    expect(await codeOf(actions.revokeWallets())).toBe('NO_DELEGATED_WALLETS')
    signIn(userWith(true))
    expect(await codeOf(actions.delegateWallet({ address: SOLANA, chainType: 'solana' }))).toBe('WALLET_ALREADY_DELEGATED')
  })
})

describe("'Enable delegated actions' and 'Revoke permission'", () => {
  it('No thanks declines with the spec text; Accept runs the frame event, shows success, closes by itself and refreshes the user', async () => {
    const { actions, frameRequest, signIn, user } = await setup()
    signIn(userWith(false))
    let declined: Promise<unknown> = Promise.resolve()
    act(() => void (declined = actions.delegateWallet({ address: SOLANA, chainType: 'solana' }).catch((e: Error) => e.message)))
    await screen.findByRole('heading', { name: 'Enable delegated actions' })
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }))
    expect(await declined).toBe('User declined delegating actions.')
    expect(frameRequest).not.toHaveBeenCalled()

    let accepted: Promise<unknown> = Promise.resolve()
    act(() => void (accepted = actions.delegateWallet({ address: SOLANA, chainType: 'solana' }).then(() => 'resolved')))
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }))
    await screen.findByText('Delegated actions enabled')
    expect(frameRequest).toHaveBeenCalledWith(SOLANA, delegatedActionsFrameEvents.consent, {}, 'delegatedActionsConsent')
    // Still open during the success state, then closed by itself.
    expect(screen.queryByRole('dialog')).not.toBeNull()
    expect(await accepted).toBe('resolved')
    expect(screen.queryByText('Delegated actions enabled')).toBeNull()
    expect(delegatedOf(user())).toBe(true)
  }, 10_000)

  it('Deny declines with the spec text; Confirm posts /api/v1/wallets/revoke {} and the user comes back delegated: false', async () => {
    const { actions, revokes, signIn, user } = await setup()
    signIn(userWith(true))
    let denied: Promise<unknown> = Promise.resolve()
    act(() => void (denied = actions.revokeWallets().catch((e: Error) => e.message)))
    await screen.findByRole('heading', { name: 'Revoke permission' })
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }))
    expect(await denied).toBe('User declined revoking access...')
    expect(revokes).toEqual([])

    let confirmed: Promise<unknown> = Promise.resolve()
    act(() => void (confirmed = actions.revokeWallets().then(() => 'resolved')))
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }))
    await screen.findByText('Permission revoked')
    expect(await confirmed).toBe('resolved')
    expect(revokes).toEqual([{}])
    expect(delegatedOf(user())).toBe(false)
  }, 10_000)

  it('a failure shows the failure state with the reason, then closes and rejects with the error', async () => {
    const { actions, signIn } = await setup(async () => {
      throw new Error('This wallet has already been delegated')
    })
    signIn(userWith(false))
    let failed: Promise<unknown> = Promise.resolve()
    act(() => void (failed = actions.delegateWallet({ address: SOLANA, chainType: 'solana' }).catch((e: Error) => `rejected: ${e.message}`)))
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }))
    await screen.findByText('Could not enable delegated actions')
    expect(screen.getByText('This wallet has already been delegated')).toBeTruthy()
    expect(await failed).toBe('rejected: This wallet has already been delegated')
  }, 10_000)
})
