import { BaseError, FlowError } from '../../core/errors/index.js'
import type { FlowContext } from '../../core/client/types.js'
import { primaryEmbeddedWallet } from './embeddedAccounts.js'
import { createWallet } from './createWallet.js'
import type { EmbeddedWalletState } from './embeddedWalletState.js'
import { embeddedWalletErrors } from './embeddedWalletTexts.js'

/** When a login creates an embedded wallet (`embeddedWallets.ethereum.createOnLogin`, the server's `create_on_login`). */
export type CreateOnLogin = 'all-users' | 'users-without-wallets' | 'off'

/** The screens of the flow. */
export const WALLET_SCREENS = { connecting: 'embedded-wallet/connecting', created: 'embedded-wallet/created' } as const

/** Whether this login creates a wallet: none yet, and the setting asks for one (without-wallets: no wallet at all). */
export function shouldCreateOnLogin(setting: CreateOnLogin, ctx: Pick<FlowContext, 'user'>): boolean {
  if (setting === 'off' || primaryEmbeddedWallet(ctx.user, 'ethereum')) return false
  if (setting === 'all-users') return true
  return !ctx.user.linkedAccounts.some((a) => a.type === 'wallet')
}

/**
 * onLoginSuccess hook (after terms): creates the wallet the setting asks for, showing 'connecting' then the created
 * screen ('Welcome' / 'All set!', which closes by itself). A failure logs the user out, reports analytics and fails
 * the login with the error ('Failed to create wallet', 'walletProxy.create timed out.').
 */
export function createOnLoginHook(state: EmbeddedWalletState, setting: () => CreateOnLogin) {
  return async (ctx: FlowContext): Promise<void> => {
    if (ctx.intent !== 'login' || !shouldCreateOnLogin(setting(), ctx)) return
    const { foyer } = ctx
    const shown = foyer.$modal.peek().open
    if (shown) foyer.modal.replace(WALLET_SCREENS.connecting)
    try {
      await createWallet(foyer, state)
    } catch (error) {
      foyer.track('embedded_wallet_creation_failed', { reason: error instanceof BaseError ? error.code : 'UNKNOWN' })
      await foyer.session.logout().catch(() => {})
      throw error instanceof BaseError && error.code === 'WALLET_CREATE_TIMEOUT' ? error : new FlowError(embeddedWalletErrors.createFailed, 'WALLET_CREATE_FAILED', { cause: error })
    }
    if (shown && foyer.$modal.peek().open) await ctx.prompt(WALLET_SCREENS.created)
  }
}
