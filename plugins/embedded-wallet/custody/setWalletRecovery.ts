import { BaseError, FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import type { User } from '../../../core/protocol/index.js'
import { embeddedWalletsOf, primaryEmbeddedWallet } from '../state/embeddedAccounts.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import { walletAccessToken } from './createWallet.js'
import { connectEmbeddedWallet } from '../channel/signWithWallet.js'
import { recoveryMethodOf, recoveryOptionsOf, type UserOwnedRecoveryMethod } from './recoveryOptions.js'
import { RECOVERY_SCREENS, SET_RECOVERY_INTENT, type RecoveryMethod } from '../walletConstants.js'
import { withMfaStepUp } from '../channel/withMfaStepUp.js'
import type { RecoverySelectionParams } from '../screens/RecoverySelectionScreen.js'

/** Parameters of setWalletRecovery: which wallet (default the embedded Ethereum wallet) and, optionally, which method. */
export interface SetWalletRecoveryParameters {
  /**
   * Straight to one method's flow: 'user-passcode' (a password), 'google-drive', 'icloud', or 'privy' (back to automatic
   * recovery). Without it the user chooses among the app's `user_owned_recovery_options`.
   */
  recoveryMethod?: UserOwnedRecoveryMethod | 'privy'
  address?: string
}
/** What setWalletRecovery answers: the refreshed user (the wallet's account now has recoveryMethod 'user-passcode'). */
export type SetWalletRecoveryReturnType = User
/** What setWalletRecovery rejects with: 'User exited set recovery flow', 'Unable to set recovery on wallet', … */
export type SetWalletRecoveryErrorType = BaseError

/**
 * The first screen of setting recovery on the wallet at `address` (recovering by `current`): the requested method's
 * flow; else the selection ('Secure your account' / 'Update backup method'), or — when one method is the app's only one,
 * has a splash (`splashOf`: its slot's `splash`, the password's 'Secure Your Account' / 'Add password') and the wallet
 * recovers automatically — that splash.
 */
export function firstRecoveryScreen(options: UserOwnedRecoveryMethod[], address: string, current: RecoveryMethod, method?: UserOwnedRecoveryMethod | 'privy', splashOf: (method: string) => string | undefined = () => undefined) {
  if (method === 'privy') return { screen: RECOVERY_SCREENS.automatic, params: { address } }
  if (method) return { screen: RECOVERY_SCREENS.setPassword, params: { address, recoveryMethod: method } }
  // The only method, with a splash of its own (the password's 'Secure Your Account' / 'Add password').
  const splash = current === 'privy' && options.length === 1 ? splashOf(options[0]!) : undefined
  if (splash) return { screen: splash, params: { address } }
  const params: RecoverySelectionParams = { address, options, current }
  return { screen: RECOVERY_SCREENS.select, params }
}

/**
 * Privy's `setWalletRecovery()`: sets how the embedded Ethereum wallet recovers on a new device. The wallet is unlocked
 * on this device first (recovered if needed, after an MFA verification when the user has MFA — the recovery calls
 * need one too, and it lasts the session's window), then the chosen method's screens run: a password's and the cloud
 * backups' inside the wallet frame's recovery page (the key never leaves the frame), automatic recovery in the hidden
 * frame. With a Solana wallet the spec refuses ('User-controlled recovery cannot be set for users with a Solana
 * wallet'); the server checks it too.
 */
export async function setWalletRecovery(foyer: Foyer, state: EmbeddedWalletState, parameters: SetWalletRecoveryParameters = {}): Promise<SetWalletRecoveryReturnType> {
  const accessToken = await walletAccessToken(foyer, 'setting recovery')
  const user = foyer.$session.peek().user
  const options = recoveryOptionsOf(foyer)
  const method = parameters.recoveryMethod
  if (method !== undefined && method !== 'privy' && !options.includes(method)) throw new FlowError(embeddedWalletErrors.unableToSetRecovery, 'UNSUPPORTED_RECOVERY_METHOD')
  if (method === undefined && options.length === 0) throw new FlowError(embeddedWalletErrors.unableToSetRecovery, 'NO_RECOVERY_OPTIONS')
  if (method !== 'privy' && embeddedWalletsOf(user, 'solana').length) throw new FlowError(embeddedWalletErrors.solanaBlocksUserRecovery, 'USER_OWNED_RECOVERY_WITH_SOLANA')
  const wallet = parameters.address
    ? embeddedWalletsOf(user, 'ethereum').find((w) => String(w.address).toLowerCase() === parameters.address!.toLowerCase())
    : primaryEmbeddedWallet(user, 'ethereum')
  if (!wallet) throw new FlowError(embeddedWalletErrors.noWalletRecovery, 'NO_EMBEDDED_WALLET')
  const address = String(wallet.address)
  try {
    await withMfaStepUp(foyer, 'connect', () => connectEmbeddedWallet(foyer, state, address, accessToken))
  } catch (error) {
    throw new FlowError(embeddedWalletErrors.unableToSetRecovery, 'SET_RECOVERY_FAILED', { cause: error })
  }
  const current = ((wallet.recoveryMethod as RecoveryMethod | undefined) ?? 'privy')
  const first = firstRecoveryScreen(options, address, current, method, (m) => recoveryMethodOf(foyer, m)?.splash)
  return foyer.modal.request<User>(first.screen, first.params, { intent: SET_RECOVERY_INTENT })
}
