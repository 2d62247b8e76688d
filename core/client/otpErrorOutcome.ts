import type { Foyer } from './types.js'

/**
 * What a code screen does with a failed code (the spec's e-mail/SMS error table): an inline text,
 * or `handled` when the kernel has already moved to a failure screen.
 */
export function otpErrorOutcome(error: unknown, foyer: Foyer): { inline: string } | { handled: true } {
  const inline = foyer.modal.otpError(error)
  return inline === null ? { handled: true } : { inline }
}
