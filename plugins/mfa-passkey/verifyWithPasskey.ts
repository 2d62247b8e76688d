import type { Foyer } from '../../core/client/types.js'
import { BaseError } from '../../core/errors/index.js'
import { walletFrameOf } from '../embedded-wallet/index.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { mfaApi } from '../mfa/index.js'
import { answerWithPasskey } from './answerWithPasskey.js'
import { mfaPasskeyFrameEvents } from './frameEvents.js'
import { mfaPasskeyCalls } from './mfaPasskeyCalls.js'

/**
 * A passkey verification, start to end (§4: choosing passkey starts initiation and submission at once). With the
 * embedded wallet it runs in the wallet frame's origin (`foyer:mfa:verify`): the frame starts the challenge, asks
 * the authenticator and submits the assertion itself, and this page hears only success or the typed failure
 * (WalletProxyError: missing_or_invalid_mfa, mfa_verification_max_attempts_reached, mfa_timeout, 'code 429', or
 * 'Passkey request timed out or rejected by user.'). A host without the wallet frame has no other origin to use: the
 * ceremony runs in this page (POST /api/v1/mfa/passkeys/init {}, navigator.credentials.get, /api/v1/mfa/verify).
 */
export async function verifyWithPasskey(foyer: Foyer, mfa: { codeWaitMs: number }): Promise<void> {
  const frame = walletFrameOf(foyer)
  if (frame) {
    const accessToken = await foyer.session.getAccessToken()
    if (!accessToken) throw new BaseError(foyer.t('mfa.error.generic'), { code: 'MUST_BE_AUTHENTICATED' })
    // The user's pace: the prompt may wait as long as the server keeps the challenge. The frame half is frame.ts.
    await frame.request(mfaPasskeyFrameEvents.verify, { accessToken, method: 'passkey' }, mfa.codeWaitMs)
    return
  }
  const init = await mfaPasskeyCalls.init(foyer, {})
  await apiClient<typeof mfaApi>('mfa').verify(foyer, { method: 'passkey', code: await answerWithPasskey(foyer, init) })
}
