import { signal } from '@preact/signals-core'
import { describe, expect, it, vi } from 'vitest'
import { PluginError } from '../errors/index.js'
import type { AccountTransferData, RawUser, User } from '../protocol/index.js'
import { CannotLinkMoreOfTypeError, createAccounts, InvalidTransferAccountTypeError, NotAuthenticatedError } from './accounts.js'
import { toUser } from '../protocol/index.js'
import { definePlugin, type FoyerPlugin } from './plugin.js'
import type { Foyer, SessionState } from './types.js'

const rawUser = (types: string[]): RawUser => ({
  id: 'u1',
  createdAt: 1,
  linkedAccounts: types.map((type, i) => ({ type, address: `${type}${i}@example.com`, verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1 })),
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
})

function fakeFoyer(status: SessionState['status'] = 'authenticated') {
  const $session = signal<SessionState>({ status, user: null, accessToken: null, identityToken: null })
  const session = { setUser: (user: User) => void ($session.value = { ...$session.peek(), user }) }
  return { $session, session, call: vi.fn() } as unknown as Foyer & { call: ReturnType<typeof vi.fn> }
}

// The actions read the kernel's `foyer.accounts`, as in createFoyer.
function withAccounts(foyer: Foyer, plugins: FoyerPlugin[]) {
  const accounts = createAccounts(plugins, () => foyer)
  Object.assign(foyer, { accounts })
  return accounts
}

const transferData = (account_type: string): AccountTransferData => ({
  nonce: 'n-1',
  account_type,
  display_name: 'x',
  embedded_wallet_address: null,
  account: { email: 'x@example.com' },
})

function setup(status: SessionState['status'] = 'authenticated') {
  const foyer = fakeFoyer(status)
  const slots = {
    link: vi.fn(),
    update: vi.fn(),
    unlink: vi.fn(async (_f: Foyer, address: string) => rawUser(address === 'a' ? ['phone'] : ['email', 'phone'])),
    transfer: vi.fn(async (f: Foyer, data: AccountTransferData) => f.call<RawUser>('email.transfer', { ...data.account, nonce: data.nonce })),
  }
  const email = definePlugin({
    id: 'email',
    kind: 'login',
    accounts: { link: { email: slots.link }, update: { email: slots.update }, unlink: { email: slots.unlink }, transfer: { email: slots.transfer } },
  })
  // A misbehaving plugin that offers to move a passkey: the kernel must still refuse (§5).
  const rogue = definePlugin({ id: 'rogue', kind: 'login', accounts: { transfer: { passkey: slots.transfer, guest: slots.transfer } } })
  foyer.call.mockResolvedValue(rawUser(['email', 'email']))
  return { foyer, slots, accounts: withAccounts(foyer, [email, rogue]) }
}

describe('foyer.accounts', () => {
  it('dispatches link, update, unlink and transfer to the plugin that contributes the method', async () => {
    const { foyer, slots, accounts } = setup()
    await accounts.link('email', { x: 1 })
    expect(slots.link).toHaveBeenCalledWith(foyer, { x: 1 })
    await accounts.update('email')
    expect(slots.update).toHaveBeenCalledWith(foyer, undefined)

    const user = await accounts.unlink('email', 'a')
    expect(slots.unlink).toHaveBeenCalledWith(foyer, 'a')
    // The answer becomes the session's user, with the convenience fields.
    expect(user.phone?.type).toBe('phone')
    expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.type)).toEqual(['phone'])

    await accounts.transfer(transferData('email'))
    expect(foyer.call).toHaveBeenCalledWith('email.transfer', { email: 'x@example.com', nonce: 'n-1' })
    expect(foyer.$session.peek().user?.linkedAccounts).toHaveLength(2)
    expect(accounts.methods()).toEqual({ link: ['email'], unlink: ['email'], update: ['email'], transfer: ['email', 'passkey', 'guest'] })
  })

  it.each(['loading', 'unauthenticated'] as const)('refuses every action while the session is %s, without calling a plugin', async (status) => {
    const { slots, accounts, foyer } = setup(status)
    await expect(accounts.link('email')).rejects.toBeInstanceOf(NotAuthenticatedError)
    await expect(accounts.update('email')).rejects.toThrow('User must be authenticated to update an account')
    await expect(accounts.unlink('email', 'a')).rejects.toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
    await expect(accounts.transfer(transferData('email'))).rejects.toBeInstanceOf(NotAuthenticatedError)
    expect([slots.link, slots.update, slots.unlink, slots.transfer, foyer.call].every((fn) => fn.mock.calls.length === 0)).toBe(true)
  })

  it('names the loaded methods when no plugin supports the one asked for', async () => {
    const { accounts } = setup()
    await expect(accounts.link('google')).rejects.toBeInstanceOf(PluginError)
    await expect(accounts.link('google')).rejects.toThrow('No loaded plugin can link "google" (loaded: email)')
    await expect(accounts.unlink('wallet', '0x1')).rejects.toThrow('No loaded plugin can unlink "wallet"')
  })

  it('refuses two plugins that claim the same method with a PluginError naming the second', () => {
    const a = definePlugin({ id: 'a', kind: 'login', accounts: { unlink: { email: async () => rawUser([]) } } })
    const b = definePlugin({ id: 'b', kind: 'login', accounts: { unlink: { email: async () => rawUser([]) } } })
    const foyer = fakeFoyer()
    expect(() => createAccounts([a, b] as FoyerPlugin[], () => foyer)).toThrow(PluginError)
    expect(() => createAccounts([a, b] as FoyerPlugin[], () => foyer)).toThrow('Plugin "b": Two plugins unlink "email"')
    // Different actions on one method name are fine.
    const c = definePlugin({ id: 'c', kind: 'login', accounts: { link: { email: () => {} } } })
    expect(() => createAccounts([a, c], () => foyer)).not.toThrow()
  })

  it.each(['passkey', 'guest', 'custom_auth', 'custom', 'telegramm'])(
    "refuses a transfer of '%s' with 'Invalid transfer account type' and sends nothing",
    async (type) => {
      const { accounts, foyer, slots } = setup()
      const error = await accounts.transfer(transferData(type)).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidTransferAccountTypeError)
      expect((error as Error).message).toBe('Invalid transfer account type')
      expect(slots.transfer).not.toHaveBeenCalled()
      expect(foyer.call).not.toHaveBeenCalled()
    },
  )

  it("refuses a second account of a one-per-type method before anything starts, and says so in the modal", async () => {
    const foyer = fakeFoyer()
    const open = vi.fn()
    Object.assign(foyer, { registry: { screens: new Map([['foyer/error', {}]]) }, modal: { open }, t: (k: string) => (k === 'common.close' ? 'Close' : k) })
    const start = vi.fn()
    const email = definePlugin({ id: 'email', kind: 'login', accounts: { link: { email: start }, linkOnce: { email: 'email' } } })
    const accounts = withAccounts(foyer, [email])
    foyer.session.setUser(toUser(rawUser(['phone'])))
    await accounts.link('email')
    expect(start).toHaveBeenCalledTimes(1)

    foyer.session.setUser(toUser(rawUser(['email'])))
    const error = await accounts.link('email').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CannotLinkMoreOfTypeError)
    expect(error).toMatchObject({ code: 'CANNOT_LINK_MORE_OF_TYPE', shortMessage: 'User already has an account of type email linked.' })
    expect(start).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenCalledWith({
      intent: null,
      screen: 'foyer/error',
      params: { title: 'User already has an account of type email linked.', cta: { label: 'Close', action: 'close' } },
    })
  })
})
