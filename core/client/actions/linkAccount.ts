import type { BaseError, PluginError } from '../../errors/index.js'
import { CannotLinkMoreOfTypeError, requireSignedIn, type NotAuthenticatedError } from '../accountErrors.js'
import { uiScreens } from '../screenIds.js'
import type { Foyer } from '../types.js'

/** linkAccount's parameters: the method (e.g. 'email', 'google', 'wallet') and its plugin's link options. */
export interface LinkAccountParameters {
  method: string
  options?: unknown
}

/** Resolves once the link flow has started; its outcome reaches the host's callbacks of intent 'link'. */
export type LinkAccountReturnType = void

/** Why a link flow could not start (the plugin's own start failures are BaseErrors too). */
export type LinkAccountErrorType = NotAuthenticatedError | CannotLinkMoreOfTypeError | PluginError | BaseError

/** Opens the link flow of `method` for the signed-in user; refuses a second account of a one-per-type method. */
export async function linkAccount(foyer: Foyer, { method, options }: LinkAccountParameters): Promise<LinkAccountReturnType> {
  requireSignedIn(foyer, 'link an account')
  const start = foyer.accounts.entry('link', method)
  const type = foyer.accounts.linkOnceType(method)
  if (type && foyer.$session.peek().user?.linkedAccounts.some((a) => a.type === type)) {
    // Checked before any code is sent or screen shown. The modal says it (closing it reports nothing more:
    // the caller's onError already has the code), and the promise rejects.
    const error = new CannotLinkMoreOfTypeError(type)
    if (foyer.registry.screens.has(uiScreens.error)) {
      foyer.modal.open({ intent: null, screen: uiScreens.error, params: { title: error.shortMessage, cta: { label: foyer.t('common.close'), action: 'close' } } })
    }
    throw error
  }
  await start(foyer, options)
}
