import type { Foyer } from '../../../core/client/types.js'
import { walletAccessToken } from '../custody/createWallet.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import type { FrameEventName } from '../../wallet-frame/index.js'
import { connectEmbeddedWallet } from './signWithWallet.js'
import { withMfaStepUp } from './withMfaStepUp.js'

/**
 * Runs a wallet-frame event for the embedded wallet at `address`, for plugins whose key work happens in the frame
 * (delegated actions, Farcaster signers): the access token, the unlock (this device's share, or its recovery; MFA
 * step-up when the server asks), then `event` with `{ ...data, accessToken, address }` — itself stepped up under
 * `embedded-wallet.{name}`. Answers the frame's response; the frame's errors reject as WalletProxyError.
 */
export async function walletFrameRequest<R>(foyer: Foyer, state: EmbeddedWalletState, address: string, event: FrameEventName, data: Record<string, unknown> = {}, name = 'frame'): Promise<R> {
  const accessToken = await walletAccessToken(foyer, 'using the wallet')
  await withMfaStepUp(foyer, 'connect', () => connectEmbeddedWallet(foyer, state, address, accessToken))
  const proxy = await state.proxy()
  return withMfaStepUp(foyer, name, () => proxy.request<R>(event, { ...data, accessToken, address }))
}
