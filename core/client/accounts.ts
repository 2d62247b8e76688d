import { BaseError, PluginError } from '../errors/index.js'
import { NON_TRANSFERABLE_ACCOUNT_TYPES, toUser, type AccountTransferData, type RawUser, type User } from '../protocol/index.js'
import type { FoyerPlugin, PluginAccountSlots } from './plugin.js'
import { uiScreens } from './screenIds.js'
import type { AccountsManager, Foyer } from './types.js'

/** Thrown when an account action needs a signed-in user and there is none. */
export class NotAuthenticatedError extends BaseError {
  override name = 'NotAuthenticatedError'
  constructor(action: string) {
    super(`User must be authenticated to ${action}`, { code: 'MUST_BE_AUTHENTICATED' })
  }
}

/** Thrown for a transfer of a type that can't move between users, or that no plugin handles (§5). */
export class InvalidTransferAccountTypeError extends BaseError {
  override name = 'InvalidTransferAccountTypeError'
  constructor() {
    super('Invalid transfer account type', { code: 'INVALID_TRANSFER_ACCOUNT_TYPE' })
  }
}

/** A plugin's `accounts.transfer` entry. */
type TransferEntry = (foyer: Foyer, data: AccountTransferData) => Promise<RawUser>

/**
 * A plugin's `accounts.transfer` entry that calls its api `apiId` (a `/transfer` route) with the offer's
 * `account` fields and the nonce: the body every transfer route takes. Also takes the typed call itself
 * (`transferWith(emailCalls.transfer)`); its input schema checks the offer's fields before sending.
 */
export function transferWith(apiId: string): TransferEntry
export function transferWith<I extends { nonce: string }>(call: (foyer: Foyer, input: I) => Promise<RawUser>): TransferEntry
export function transferWith(target: string | ((foyer: Foyer, input: never) => Promise<RawUser>)): TransferEntry {
  return (foyer, data) => {
    const input = { ...data.account, nonce: data.nonce }
    return typeof target === 'string' ? foyer.call<RawUser>(target, input) : target(foyer, input as never)
  }
}

/** Thrown when linking a one-per-type method the user already has an account of (§5). */
export class CannotLinkMoreOfTypeError extends BaseError {
  override name = 'CannotLinkMoreOfTypeError'
  constructor(type: string) {
    super(`User already has an account of type ${type} linked.`, { code: 'CANNOT_LINK_MORE_OF_TYPE' })
  }
}

type Slot = 'link' | 'unlink' | 'update' | 'transfer'

/** Builds `foyer.accounts` from the plugins' `accounts` slots. Two plugins claiming one method is a PluginError. */
export function createAccounts(plugins: readonly FoyerPlugin[], foyer: () => Foyer): AccountsManager {
  const tables = {} as { [K in Slot]: Map<string, NonNullable<PluginAccountSlots[K]>[string]> }
  const linkOnce = new Map<string, string>()
  const names = new Map<string, string>()
  for (const plugin of plugins) {
    for (const [method, type] of Object.entries(plugin.accounts?.linkOnce ?? {})) linkOnce.set(method, type)
    for (const [method, name] of Object.entries(plugin.accounts?.names ?? {})) names.set(method, name)
  }
  for (const slot of ['link', 'unlink', 'update', 'transfer'] as const) {
    const table = new Map<string, any>()
    for (const plugin of plugins) {
      for (const [method, fn] of Object.entries(plugin.accounts?.[slot] ?? {})) {
        if (table.has(method)) throw new PluginError(`Two plugins ${slot} "${method}"`, { pluginId: plugin.id })
        table.set(method, fn)
      }
    }
    ;(tables as any)[slot] = table
  }

  const signedIn = (action: string) => {
    if (foyer().$session.peek().status !== 'authenticated') throw new NotAuthenticatedError(action)
  }
  const find = <K extends Slot>(slot: K, method: string) => {
    const fn = tables[slot].get(method)
    // Names come from host code (`link('gogle')`): say which ones exist so the fix is obvious.
    if (!fn) {
      const known = [...tables[slot].keys()].join(', ') || 'none'
      throw new PluginError(`No loaded plugin can ${slot} "${method}" (loaded: ${known})`)
    }
    return fn as NonNullable<PluginAccountSlots[K]>[string]
  }
  const setUser = (raw: RawUser): User => {
    const f = foyer()
    const user = toUser(raw)
    f.session.setUser(user)
    return user
  }

  return {
    async link(method, options) {
      signedIn('link an account')
      const start = find('link', method)
      const f = foyer()
      const type = linkOnce.get(method)
      if (type && f.$session.peek().user?.linkedAccounts.some((a) => a.type === type)) {
        // Checked before any code is sent or screen shown. The modal says it (closing it reports nothing more:
        // the caller's onError already has the code), and the promise rejects.
        const error = new CannotLinkMoreOfTypeError(type)
        if (f.registry.screens.has(uiScreens.error)) {
          f.modal.open({ intent: null, screen: uiScreens.error, params: { title: error.shortMessage, cta: { label: f.t('common.close'), action: 'close' } } })
        }
        throw error
      }
      await start(f, options)
    },
    async unlink(method, ...args) {
      signedIn('unlink an account')
      return setUser(await find('unlink', method)(foyer(), ...args))
    },
    async update(method, options) {
      signedIn('update an account')
      await find('update', method)(foyer(), options)
    },
    async transfer(data) {
      signedIn('transfer an account')
      const fn = tables.transfer.get(data.account_type)
      if (!fn || (NON_TRANSFERABLE_ACCOUNT_TYPES as readonly string[]).includes(data.account_type)) {
        throw new InvalidTransferAccountTypeError()
      }
      return setUser(await fn(foyer(), data))
    },
    methods: () => ({
      link: [...tables.link.keys()],
      unlink: [...tables.unlink.keys()],
      update: [...tables.update.keys()],
      transfer: [...tables.transfer.keys()],
    }),
    functionName: (action, method) => action + (names.get(method) ?? method.charAt(0).toUpperCase() + method.slice(1)),
  }
}
