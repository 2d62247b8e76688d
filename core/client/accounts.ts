import { PluginError } from '../errors/index.js'
import type { AccountTransferData, RawUser } from '../protocol/index.js'
import { linkAccount } from './actions/linkAccount.js'
import { transferAccount } from './actions/transferAccount.js'
import { unlinkAccount } from './actions/unlinkAccount.js'
import { updateAccount } from './actions/updateAccount.js'
import type { FoyerPlugin, PluginAccountSlots } from './plugin.js'
import type { AccountAction, AccountsManager, Foyer } from './types.js'

// Where they were first declared; their home is accountErrors.ts (the actions throw them).
export { CannotLinkMoreOfTypeError, InvalidTransferAccountTypeError, NotAuthenticatedError } from './accountErrors.js'

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

/**
 * Builds `foyer.accounts` from the plugins' `accounts` slots: the tables and the lookup the account actions
 * (core/client/actions) read, and those actions bound to the kernel. Two plugins claiming one method is a PluginError.
 */
export function createAccounts(plugins: readonly FoyerPlugin[], foyer: () => Foyer): AccountsManager {
  const tables = {} as { [K in AccountAction]: Map<string, NonNullable<PluginAccountSlots[K]>[string]> }
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

  return {
    link: (method, options) => linkAccount(foyer(), { method, options }),
    unlink: (method, ...args) => unlinkAccount(foyer(), { method, args }),
    update: (method, options) => updateAccount(foyer(), { method, options }),
    transfer: (data) => transferAccount(foyer(), data),
    entry(action, method) {
      const fn = tables[action].get(method)
      // Names come from host code (`link('gogle')`): say which ones exist so the fix is obvious.
      if (!fn) {
        const known = [...tables[action].keys()].join(', ') || 'none'
        throw new PluginError(`No loaded plugin can ${action} "${method}" (loaded: ${known})`)
      }
      return fn as NonNullable<PluginAccountSlots[typeof action]>[string]
    },
    linkOnceType: (method) => linkOnce.get(method),
    methods: () => ({
      link: [...tables.link.keys()],
      unlink: [...tables.unlink.keys()],
      update: [...tables.update.keys()],
      transfer: [...tables.transfer.keys()],
    }),
    functionName: (action, method) => action + (names.get(method) ?? method.charAt(0).toUpperCase() + method.slice(1)),
  }
}
