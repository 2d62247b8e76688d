import type { Foyer } from '../../../core/client/types.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import type { FrameEventName } from '../../wallet-frame/index.js'

/** The wallet frame as another plugin's host half reaches its frame half: one request, answered by the frame. */
export interface WalletFrame {
  /** Sends `event` with `data` (`timeoutMs`: how long its answer may take, e.g. the user's pace); rejects with the frame's typed error. */
  request<R>(event: FrameEventName, data: unknown, timeoutMs?: number): Promise<R>
}

/**
 * The page's wallet frame, for plugins whose work runs there without a wallet of the user's (passkey MFA's
 * verification): null when the embedded-wallet plugin isn't loaded or the server names no wallet origin. Requests
 * for a wallet go through the `walletFrameRequest` action instead (it unlocks the wallet first).
 */
export function walletFrameOf(foyer: Foyer): WalletFrame | null {
  if (!foyer.registry.plugin('embedded-wallet')) return null
  const wallet = foyer.pluginState<EmbeddedWalletState>('embedded-wallet')
  try {
    wallet.frameOptions()
  } catch {
    return null
  }
  return { request: async (event, data, timeoutMs) => (await wallet.proxy()).request(event, data, timeoutMs) }
}
