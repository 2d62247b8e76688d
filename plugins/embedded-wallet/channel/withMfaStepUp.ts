import type { Foyer } from '../../../core/client/types.js'

/**
 * Runs a wallet-frame request through the kernel's call middleware: when the frame's server call was refused for want
 * of a fresh MFA verification (frame error type `missing_or_invalid_mfa`), the MFA plugin's step-up asks for one and
 * the request runs again, 4 attempts in all. Without the MFA plugin it runs once, unchanged.
 */
export function withMfaStepUp<T>(foyer: Foyer, name: string, run: () => Promise<T>): Promise<T> {
  return foyer.runWithSteps(`embedded-wallet.${name}`, run)
}
