import type { Foyer } from '../../core/client/types.js'
import { BaseError } from '../../core/errors/index.js'
import type { EmbeddedWalletState } from '../embedded-wallet/embeddedWalletState.js'
import { frameEvents } from '../embedded-wallet/frameProtocol.js'
import { mfaCalls } from '../mfa/mfaCalls.js'
import { MFA_CODE_WAIT_MS } from '../mfa/mfaState.js'
import { answerWithPasskey } from './answerWithPasskey.js'
import { mfaPasskeyCalls } from './mfaPasskeyCalls.js'

/** The embedded-wallet plugin's frame connection, when that plugin is loaded and the server names the wallet origin. */
function walletFrame(foyer: Foyer): EmbeddedWalletState | null {
  if (!foyer.registry.plugin('embedded-wallet')) return null
  const wallet = foyer.pluginState<EmbeddedWalletState>('embedded-wallet')
  try {
    wallet.frameOptions()
    return wallet
  } catch {
    return null
  }
}

/**
 * A passkey verification, start to end (§4: choosing passkey starts initiation and submission at once). With the
 * embedded wallet it runs in the wallet frame's origin (`foyer:mfa:verify`): the frame starts the challenge, asks
 * the authenticator and submits the assertion itself, and this page hears only success or the typed failure
 * (WalletProxyError: missing_or_invalid_mfa, mfa_verification_max_attempts_reached, mfa_timeout, 'code 429', or
 * 'Passkey request timed out or rejected by user.'). A host without the wallet frame has no other origin to use: the
 * ceremony runs in this page (POST /api/v1/mfa/passkeys/init {}, navigator.credentials.get, /api/v1/mfa/verify).
 */
export async function verifyWithPasskey(foyer: Foyer): Promise<void> {
  const wallet = walletFrame(foyer)
  if (wallet) {
    const accessToken = await foyer.session.getAccessToken()
    if (!accessToken) throw new BaseError(foyer.t('mfa.error.generic'), { code: 'MUST_BE_AUTHENTICATED' })
    const proxy = await wallet.proxy()
    // The user's pace: the prompt may wait as long as the server keeps the challenge.
    await proxy.request(frameEvents.mfaVerify, { accessToken, method: 'passkey' }, MFA_CODE_WAIT_MS)
    return
  }
  const init = await mfaPasskeyCalls.init(foyer, {})
  await mfaCalls.verify(foyer, { method: 'passkey', code: await answerWithPasskey(foyer, init) })
}
