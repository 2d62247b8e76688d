import type { Signal } from '@preact/signals-core'
import { describe, expect, it, vi } from 'vitest'
import { PluginError } from '../../errors/index.js'
import { toUser, type AccountTransferData, type RawUser } from '../../protocol/index.js'
import { CannotLinkMoreOfTypeError, InvalidTransferAccountTypeError, NotAuthenticatedError } from '../accountErrors.js'
import { createFoyer } from '../createFoyer.js'
import { definePlugin } from '../plugin.js'
import { uiScreens } from '../screenIds.js'
import { createMemoryStorage } from '../storage.js'
import type { Foyer, SessionState } from '../types.js'
import { linkAccount } from './linkAccount.js'
import { transferAccount } from './transferAccount.js'
import { unlinkAccount } from './unlinkAccount.js'
import { updateAccount } from './updateAccount.js'

const load = async () => ({ default: () => null })
// The ui's error screen, so the kernel can say a refusal in the modal.
const ui = definePlugin({ id: 'foyer', kind: 'feature', screens: { error: { load } } })

const rawUser = (types: string[]): RawUser => ({
  id: 'u1',
  createdAt: 1,
  linkedAccounts: types.map((type, i) => ({ type, address: `${type}${i}@example.com`, verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1 })),
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
})

const offer = (account_type: string): AccountTransferData => ({ nonce: 'n-1', account_type, display_name: 'x', embedded_wallet_address: null, account: { email: 'x@example.com' } })

/** A real kernel with one plugin's account slots, signed in as a user with `types` (or signed out). */
function setup(types: string[] | null) {
  const slots = {
    link: vi.fn(),
    update: vi.fn(),
    unlink: vi.fn(async () => rawUser(['phone'])),
    transfer: vi.fn(async () => rawUser(['email', 'email'])),
  }
  const email = definePlugin({
    id: 'email',
    kind: 'login',
    accounts: { link: { email: slots.link }, update: { email: slots.update }, unlink: { email: slots.unlink }, transfer: { email: slots.transfer, passkey: slots.transfer }, linkOnce: { email: 'email' } },
  })
  const foyer = createFoyer({ appId: 'test_app_0000000000000001', apiUrl: 'http://api.test', plugins: [ui, email], storage: createMemoryStorage(), fetch: vi.fn() as never })
  // A fixture: a session without a server round trip (the kernel's signals are read-only to hosts).
  ;(foyer.$session as Signal<SessionState>).value = types
    ? { status: 'authenticated', user: toUser(rawUser(types)), accessToken: null, identityToken: null }
    : { status: 'unauthenticated', user: null, accessToken: null, identityToken: null }
  return { foyer, slots }
}

const types = (foyer: Foyer) => foyer.$session.peek().user?.linkedAccounts.map((a) => a.type)

describe('linkAccount', () => {
  it("starts the method's plugin link flow with the options", async () => {
    const { foyer, slots } = setup(['phone'])
    await linkAccount(foyer, { method: 'email', options: { prefill: 'a@example.com' } })
    expect(slots.link).toHaveBeenCalledWith(foyer, { prefill: 'a@example.com' })
  })

  it('refuses a second one-per-type account before the plugin runs, and says so on the error screen', async () => {
    const { foyer, slots } = setup(['email'])
    const error = await linkAccount(foyer, { method: 'email' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CannotLinkMoreOfTypeError)
    expect(error).toMatchObject({ code: 'CANNOT_LINK_MORE_OF_TYPE' })
    expect(slots.link).not.toHaveBeenCalled()
    const modal = foyer.$modal.peek()
    expect(modal).toMatchObject({ open: true, intent: null })
    expect(modal.stack.at(-1)).toMatchObject({ id: uiScreens.error, params: { title: 'User already has an account of type email linked.' } })
  })

  it('refuses while signed out, without calling the plugin or opening the modal', async () => {
    const { foyer, slots } = setup(null)
    await expect(linkAccount(foyer, { method: 'email' })).rejects.toBeInstanceOf(NotAuthenticatedError)
    expect(slots.link).not.toHaveBeenCalled()
    expect(foyer.$modal.peek().open).toBe(false)
  })
})

describe('unlinkAccount', () => {
  it("passes the identifiers to the plugin and makes the server's answer the session's user", async () => {
    const { foyer, slots } = setup(['email', 'phone'])
    const user = await unlinkAccount(foyer, { method: 'email', args: ['email0@example.com'] })
    expect(slots.unlink).toHaveBeenCalledWith(foyer, 'email0@example.com')
    expect(types(foyer)).toEqual(['phone'])
    // The session's user is the answered one, with the convenience fields filled.
    expect(foyer.$session.peek().user).toEqual(user)
    expect(user.phone?.type).toBe('phone')
  })

  it('leaves the session alone when signed out', async () => {
    const { foyer, slots } = setup(null)
    await expect(unlinkAccount(foyer, { method: 'email', args: ['a'] })).rejects.toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
    expect(slots.unlink).not.toHaveBeenCalled()
    expect(foyer.$session.peek().user).toBeNull()
  })
})

describe('updateAccount', () => {
  it("starts the method's update flow, and names the loaded methods for an unknown one", async () => {
    const { foyer, slots } = setup(['email'])
    await updateAccount(foyer, { method: 'email', options: { x: 1 } })
    expect(slots.update).toHaveBeenCalledWith(foyer, { x: 1 })
    const error = await updateAccount(foyer, { method: 'phone' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PluginError)
    expect((error as Error).message).toContain('No loaded plugin can update "phone" (loaded: email)')
  })
})

describe('transferAccount', () => {
  it("moves the account through its plugin and makes the answer the session's user", async () => {
    const { foyer, slots } = setup(['phone'])
    const user = await transferAccount(foyer, offer('email'))
    expect(slots.transfer).toHaveBeenCalledWith(foyer, offer('email'))
    expect(types(foyer)).toEqual(['email', 'email'])
    expect(user.linkedAccounts).toHaveLength(2)
  })

  it.each(['passkey', 'telegram'])("refuses '%s' (not transferable, or no plugin moves it) before any plugin runs", async (type) => {
    const { foyer, slots } = setup(['phone'])
    await expect(transferAccount(foyer, offer(type))).rejects.toBeInstanceOf(InvalidTransferAccountTypeError)
    expect(slots.transfer).not.toHaveBeenCalled()
    expect(types(foyer)).toEqual(['phone'])
  })
})

describe('foyer.accounts', () => {
  it('is the actions bound to the kernel: the same refusal, the same session update', async () => {
    const { foyer, slots } = setup(['email'])
    await expect(foyer.accounts.link('email')).rejects.toBeInstanceOf(CannotLinkMoreOfTypeError)
    expect(slots.link).not.toHaveBeenCalled()
    await foyer.accounts.unlink('email', 'email0@example.com')
    expect(types(foyer)).toEqual(['phone'])
  })
})
