import { FlowError } from '../../../core/errors/index.js'
import type { Foyer } from '../../../core/client/types.js'
import { embeddedWalletsOf } from '../state/embeddedAccounts.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { embeddedWalletErrors } from '../embeddedWalletTexts.js'
import { walletAccessToken } from '../custody/createWallet.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { WalletProxyError } from '../../wallet-frame/index.js'
import { withMfaStepUp } from './withMfaStepUp.js'
import { RECOVERY_SCREENS } from '../walletConstants.js'
import type { RecoverPasswordParams } from '../screens/RecoverPasswordScreen.js'

type UserOwnedMethod = NonNullable<RecoverPasswordParams['recoveryMethod']>

/** An EIP-1193 signing request for the frame. */
export interface WalletSignRequest {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_signTypedData' | 'eth_signTransaction' | 'eth_sign'
  params: unknown[]
}

/** The embedded Ethereum wallet at `address` (default the first), or the spec's error. */
export function embeddedEthereumWallet(foyer: Foyer, address?: string) {
  const wallets = embeddedWalletsOf(foyer.$session.peek().user, 'ethereum')
  const wallet = address ? wallets.find((w) => String(w.address).toLowerCase() === address.toLowerCase()) : wallets[0]
  if (!wallet) throw new FlowError(embeddedWalletErrors.noWalletSigning, 'NO_EMBEDDED_WALLET')
  return wallet
}

/** Has the frame sign `request` with the embedded wallet at `address`; answers the signature (hex). */
export async function signWithWallet(foyer: Foyer, state: EmbeddedWalletState, address: string, request: WalletSignRequest): Promise<`0x${string}`> {
  const accessToken = await walletAccessToken(foyer, 'signing')
  await withMfaStepUp(foyer, 'connect', () => connectEmbeddedWallet(foyer, state, address, accessToken))
  const proxy = await state.proxy()
  const answer = await proxy.request<{ data: `0x${string}` }>(frameEvents.rpc, { accessToken, address, request })
  return answer.data
}

/**
 * 'Enter your password' for a wallet with password recovery on a device without its share. Over a screen that is
 * waiting for this (the sign screen) it is pushed and answers through `settle`; with the modal closed it is a request
 * of its own (intent 'recovery').
 */
async function recoverWithPassword(foyer: Foyer, address: string, recoveryMethod: UserOwnedMethod = 'user-passcode'): Promise<void> {
  if (!foyer.$modal.peek().open) {
    await foyer.modal.request(RECOVERY_SCREENS.enterPassword, { address, recoveryMethod } satisfies RecoverPasswordParams, { intent: 'recovery' })
    return
  }
  await new Promise<void>((resolve, reject) => {
    const params: RecoverPasswordParams = { address, recoveryMethod, settle: (error) => (error ? reject(error) : resolve()) }
    foyer.modal.push(RECOVERY_SCREENS.enterPassword, params)
  })
}

/**
 * Unlocks the wallet in the frame: with this device's share, or — on a device without one — by its recovery
 * method: automatic ('privy') recovery runs here; a password ('user-passcode') asks 'Enter your password' in the
 * frame's recovery page, and 'google-drive' / 'icloud' run the cloud recovery there ('Recover with Google Drive', the
 * sign-in popup opened by the frame); then it unlocks with the share that page stored.
 */
export async function connectEmbeddedWallet(foyer: Foyer, state: EmbeddedWalletState, address: string, accessToken: string): Promise<void> {
  const account = embeddedWalletsOf(foyer.$session.peek().user).find((w) => String(w.address).toLowerCase() === address.toLowerCase())
  const solana = account?.chainType === 'solana'
  const proxy = await state.proxy()
  try {
    await proxy.request(solana ? frameEvents.solanaConnect : frameEvents.connect, { accessToken, address })
  } catch (error) {
    if (!(error instanceof WalletProxyError) || error.type !== 'wallet_not_on_device') throw error
    const method = account?.recoveryMethod
    if ((method === 'user-passcode' || method === 'google-drive' || method === 'icloud') && !solana) {
      // The method's screen in the frame's recovery page: 'Enter your password', or the Google Drive / iCloud recovery.
      await recoverWithPassword(foyer, address, method)
      await proxy.request(frameEvents.connect, { accessToken, address })
      return
    }
    await proxy.request(solana ? frameEvents.solanaRecover : frameEvents.recover, { accessToken, address, recoveryMethod: account?.recoveryMethod ?? 'privy' })
  }
}
