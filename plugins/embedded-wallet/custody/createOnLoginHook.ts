import { BaseError, FlowError } from '../../../core/errors/index.js'
import type { FlowContext } from '../../../core/client/types.js'
import { uiScreens } from '../../../core/client/screenIds.js'
import type { User } from '../../../core/protocol/index.js'
import { primaryEmbeddedWallet } from '../state/embeddedAccounts.js'
import { createWallet } from './createWallet.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import type { WalletChainType } from '../walletConstants.js'
import { RECOVERY_SCREENS, WALLET_SCREENS } from '../walletConstants.js'
import type { UserOwnedRecoveryMethod } from './recoveryOptions.js'
import type { RecoverySelectionParams } from '../screens/RecoverySelectionScreen.js'

/**
 * When a login creates an embedded wallet (`embeddedWallets.ethereum|solana.createOnLogin`; for Ethereum also the
 * server's `create_on_login`).
 */
export type CreateOnLogin = 'all-users' | 'users-without-wallets' | 'off'


/**
 * Whether this login creates a wallet of `chain`: none of that chain yet, and the setting asks for one (without-wallets:
 * the user logged in with no wallet at all — `ctx.user` is the user the login answered, before this hook made any).
 */
export function shouldCreateOnLogin(setting: CreateOnLogin, ctx: Pick<FlowContext, 'user'>, chain: WalletChainType = 'ethereum'): boolean {
  if (setting === 'off' || primaryEmbeddedWallet(ctx.user, chain)) return false
  if (setting === 'all-users') return true
  return !ctx.user.linkedAccounts.some((a) => a.type === 'wallet')
}

/** The spec's rule: a Solana wallet needs the Ethereum wallet (when there is one) to recover automatically ('privy'). */
export function canCreateSolanaWallet(user: User | null): boolean {
  const ethereum = primaryEmbeddedWallet(user, 'ethereum')
  return !ethereum || (ethereum.recoveryMethod ?? 'privy') === 'privy'
}

const PASSWORD_ON_CREATE_CODES = new Set(['EXITED_BEFORE_PASSWORD', 'PASSWORD_ON_CREATE_FAILED'])

/**
 * The recovery screens for the wallet just made (the password flow when it is the app's only user-owned method, else
 * 'Secure your account' with the app's options); the spec's errors when the user leaves them or setting fails.
 */
async function setPasswordOnCreate(ctx: FlowContext, address: string, options: UserOwnedRecoveryMethod[]): Promise<void> {
  try {
    if (options.length === 1) await ctx.prompt(RECOVERY_SCREENS.setPassword, { address, recoveryMethod: options[0] })
    else await ctx.prompt(RECOVERY_SCREENS.select, { address, options, current: 'privy' } satisfies RecoverySelectionParams)
  } catch (error) {
    // The wallet exists (with automatic recovery): the user keeps it and stays signed in; the login reports why.
    const exited = error instanceof BaseError && error.code.startsWith('EXITED_')
    throw exited
      ? new FlowError(embeddedWalletErrors.exitedBeforePassword, 'EXITED_BEFORE_PASSWORD', { cause: error })
      : new FlowError(embeddedWalletErrors.passwordOnCreateFailed, 'PASSWORD_ON_CREATE_FAILED', { cause: error })
  }
}

/**
 * onLoginSuccess hook (after terms): creates the wallets the settings ask for — Ethereum first, then Solana — showing
 * 'connecting' then the created screen once ('Welcome' / 'All set!', which closes by itself). A Solana wallet is
 * skipped when the Ethereum wallet has user-owned recovery. A failure logs the user out, reports analytics and fails
 * the login with the error ('Failed to create wallet', 'walletProxy.create timed out.').
 */
export function createOnLoginHook(state: EmbeddedWalletState, ethereum: () => CreateOnLogin, solana: () => CreateOnLogin = () => 'off', requireRecovery: () => UserOwnedRecoveryMethod[] = () => []) {
  return async (ctx: FlowContext): Promise<void> => {
    if (ctx.intent !== 'login') return
    const setting = { ethereum: ethereum(), solana: solana() }
    const chains = (['ethereum', 'solana'] as const).filter((chain) => shouldCreateOnLogin(setting[chain], ctx, chain))
    if (chains.length === 0) return
    const { foyer } = ctx
    const shown = foyer.$modal.peek().open
    if (shown) foyer.modal.replace(WALLET_SCREENS.connecting)
    try {
      for (const chain of chains) {
        // Read after the Ethereum wallet was made: its recovery decides.
        if (chain === 'solana' && !canCreateSolanaWallet(foyer.$session.peek().user)) continue
        const account = await createWallet(foyer, state, { chainType: chain })
        // `require_user_owned_recovery_on_create`: the wallet is created first, then its user-owned recovery is set (spec §4),
        // before any Solana wallet (which then is not made: user-owned recovery excludes one).
        const options = chain === 'ethereum' && shown ? requireRecovery() : []
        if (options.length) await setPasswordOnCreate(ctx, String(account.address), options)
      }
    } catch (error) {
      if (error instanceof FlowError && PASSWORD_ON_CREATE_CODES.has(error.code)) throw error
      foyer.track('embedded_wallet_creation_failed', { reason: error instanceof BaseError ? error.code : 'UNKNOWN' })
      await foyer.session.logout().catch(() => {})
      const failure = error instanceof BaseError && error.code === 'WALLET_CREATE_TIMEOUT' ? error : new FlowError(embeddedWalletErrors.createFailed, 'WALLET_CREATE_FAILED', { cause: error })
      // The connecting screen can't be closed and the screen that started the login is gone: in its place the spec's
      // 'Something went wrong' with Close, saying why ('Failed to create wallet', 'walletProxy.create timed out.').
      if (shown && foyer.$modal.peek().open && foyer.registry.screens.has(uiScreens.error)) {
        foyer.modal.replace(uiScreens.error, { title: foyer.t('error.generic.title'), detail: failure.shortMessage, cta: { label: foyer.t('common.close'), action: 'close' } })
      }
      throw failure
    }
    if (shown && foyer.$modal.peek().open) {
      await ctx.prompt(WALLET_SCREENS.created)
      // 'All set!' was this sign-up's success: no 'Success!' after it.
      ctx.successShown = true
    }
  }
}
