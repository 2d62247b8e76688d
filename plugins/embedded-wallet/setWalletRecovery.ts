import { BaseError, FlowError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import type { User } from '../../core/protocol/index.js'
import { embeddedWalletsOf, primaryEmbeddedWallet } from './embeddedAccounts.js'
import type { EmbeddedWalletState } from './embeddedWalletState.js'
import { embeddedWalletErrors } from './embeddedWalletTexts.js'
import { walletAccessToken } from './createWallet.js'
import { connectEmbeddedWallet } from './signWithWallet.js'
import { RECOVERY_SCREENS, SET_RECOVERY_INTENT } from './walletConstants.js'
import type { SetRecoveryPasswordParams } from './screens/SetRecoveryPasswordScreen.js'

/** Parameters of setWalletRecovery: which wallet (default the embedded Ethereum wallet) and which method. */
export interface SetWalletRecoveryParameters {
  /** 'user-passcode' (a password); cloud methods come later. */
  recoveryMethod?: 'user-passcode'
  address?: string
}
/** What setWalletRecovery answers: the refreshed user (the wallet's account now has recoveryMethod 'user-passcode'). */
export type SetWalletRecoveryReturnType = User
/** What setWalletRecovery rejects with: 'User exited set recovery flow', 'Unable to set recovery on wallet', … */
export type SetWalletRecoveryErrorType = BaseError

/**
 * Privy's `setWalletRecovery()`: opens the password flow for the embedded Ethereum wallet. The wallet is unlocked on
 * this device first (recovered if needed), then the wallet frame's recovery page takes the password, encrypts a new
 * recovery share under its argon2id key and stores it in place of the automatic one. With a Solana wallet the spec
 * refuses ('User-controlled recovery cannot be set for users with a Solana wallet'); the server checks it too.
 */
export async function setWalletRecovery(foyer: Foyer, state: EmbeddedWalletState, parameters: SetWalletRecoveryParameters = {}): Promise<SetWalletRecoveryReturnType> {
  const accessToken = await walletAccessToken(foyer, 'setting recovery')
  const user = foyer.$session.peek().user
  if ((parameters.recoveryMethod ?? 'user-passcode') !== 'user-passcode') throw new FlowError(embeddedWalletErrors.unableToSetRecovery, 'UNSUPPORTED_RECOVERY_METHOD')
  if (embeddedWalletsOf(user, 'solana').length) throw new FlowError(embeddedWalletErrors.solanaBlocksUserRecovery, 'USER_OWNED_RECOVERY_WITH_SOLANA')
  const wallet = parameters.address
    ? embeddedWalletsOf(user, 'ethereum').find((w) => String(w.address).toLowerCase() === parameters.address!.toLowerCase())
    : primaryEmbeddedWallet(user, 'ethereum')
  if (!wallet) throw new FlowError(embeddedWalletErrors.noWalletRecovery, 'NO_EMBEDDED_WALLET')
  const address = String(wallet.address)
  try {
    await connectEmbeddedWallet(foyer, state, address, accessToken)
  } catch (error) {
    throw new FlowError(embeddedWalletErrors.unableToSetRecovery, 'SET_RECOVERY_FAILED', { cause: error })
  }
  const params: SetRecoveryPasswordParams = { address }
  return foyer.modal.request<User>(RECOVERY_SCREENS.setPassword, params, { intent: SET_RECOVERY_INTENT })
}
