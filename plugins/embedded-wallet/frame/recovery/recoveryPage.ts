import { frameEvents, type FrameEvent } from '../../frameProtocol.js'
import { FrameFailure, GENERIC_FAILURE } from '../frameFailure.js'
import type { FrameHandler } from '../serveFrame.js'
import { INVALID_RECOVERY_PASSWORD, type WalletVault } from '../walletVault.js'
import { runPasswordEntry, runPasswordSetup } from './passwordView.js'
import { passwordKeySource } from './recoveryKeySource.js'

type Data = { accessToken?: unknown; address?: unknown }
const data = (value: unknown): Data => (value && typeof value === 'object' ? (value as Data) : {})

/** The spec's text under 'Enter your password' for a refusal (§8): a wrong password or bad input, else the generic one. */
export function recoveryErrorText(error: unknown): string {
  if (error instanceof FrameFailure && (error.type === 'invalid_recovery_pin' || error.type === 'invalid_request_arguments')) return INVALID_RECOVERY_PASSWORD
  if (error instanceof FrameFailure && /code 429/.test(error.message)) return error.message
  return GENERIC_FAILURE
}

/**
 * The visible recovery page's events. set-recovery runs the password screens in this page and answers once the user
 * closes the result (the password, the key and the share stay here); recover asks 'Enter your password' until the
 * wallet is recovered (this device then keeps the recovery share as its device share, which the hidden frame reads).
 * Answers carry the address and the method only.
 */
export function recoveryPageHandlers(doc: Document, vault: WalletVault, appName: string): Partial<Record<FrameEvent, FrameHandler>> {
  return {
    [frameEvents.setRecovery]: async (raw) => {
      const { accessToken, address } = data(raw)
      const set = await runPasswordSetup(doc, {
        appName,
        finalize: async (password) => {
          await vault.setRecovery(address, passwordKeySource(password), accessToken)
        },
      })
      if (!set) throw new FrameFailure('error', 'Error setting password on foyer wallet')
      return { address, recoveryMethod: 'user-passcode' }
    },
    [frameEvents.recover]: async (raw) => {
      const { accessToken, address } = data(raw)
      await runPasswordEntry(doc, async (password) => {
        try {
          await vault.recoverWithKey(address, passwordKeySource(password), accessToken)
        } catch (error) {
          throw new Error(recoveryErrorText(error))
        }
      })
      return { address }
    },
  }
}
