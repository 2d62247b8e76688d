import { oprfBlind, oprfFinalize } from '../../plugins/recovery-password/custody/recoveryOprf.js'
import { deriveOprfPasswordKey, newOprfPasswordKdf } from '../../plugins/recovery-password/frame/passwordKey.js'
import { sealRecoveryShare, type RecoveryBinding } from '../../plugins/wallet-frame/frame/recovery/recoveryEnvelope.js'

/** The frame's recovery-share envelope (AES-GCM under a user-owned key) and share combination, for tests outside embedded-wallet. */
export { sealRecoveryShare }
export { openRecoveryShare } from '../../plugins/wallet-frame/frame/recovery/recoveryEnvelope.js'
export { combineWalletShares } from '../../plugins/wallet-frame/frame/keys/walletShares.js'
import type { OprfPasswordKdf } from '../../plugins/wallet-frame/schema.js'
import type { TestServer } from './createTestServer.js'
import { b64, custodyCall } from './embeddedWallets.js'

const encode = (password: string) => new TextEncoder().encode(password.normalize('NFC'))
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

/**
 * What the frame sends to set `password` on the wallet at `address` (it does the same in passwordKeySource): a new OPRF
 * key evaluated by recovery_key, argon2id over the output, `recovery` sealed under the first half, the verifier.
 */
export async function passwordRecoveryBody(server: TestServer, token: string, address: string, password: string, recovery: Uint8Array, binding: RecoveryBinding) {
  const { blind, blindedElement } = oprfBlind(encode(password))
  const res = await custodyCall(server, token)('recovery_key', { address, blinded_element: b64(blindedElement) })
  if (res.status !== 200) throw new Error(`recovery_key answered ${res.status}: ${await res.text()}`)
  const kdf = newOprfPasswordKdf()
  const { key, verifier } = await deriveOprfPasswordKey(oprfFinalize(encode(password), blind, bytes((await res.json()).evaluated_element)), kdf)
  const sealed = await sealRecoveryShare(key, recovery, binding)
  return { key, body: { address, recovery_method: 'user-passcode', encrypted_recovery_share: sealed, kdf, verifier: b64(verifier) } }
}

/**
 * A password recovery's two calls, as the frame makes them: recovery_share with the blinded password (an evaluation,
 * counted), then open_recovery_share with the verifier. Answers both responses and the key the password gave.
 */
export async function recoverWithPassword(server: TestServer, token: string, address: string, password: string) {
  const { blind, blindedElement } = oprfBlind(encode(password))
  const evaluation = await custodyCall(server, token)('recovery_share', { address, blinded_element: b64(blindedElement) })
  if (evaluation.status !== 200) return { evaluation, open: null, key: null }
  const answer = await evaluation.clone().json()
  const { key, verifier } = await deriveOprfPasswordKey(oprfFinalize(encode(password), blind, bytes(answer.evaluated_element)), answer.kdf as OprfPasswordKdf)
  const open = await custodyCall(server, token)('open_recovery_share', { address, verifier: b64(verifier) })
  return { evaluation, open, key }
}
