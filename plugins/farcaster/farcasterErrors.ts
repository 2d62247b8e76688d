import { BaseError } from '../../core/errors/index.js'
import { farcasterTexts } from './farcasterTexts.js'

// The flow's error codes and texts, apart from farcasterFlow.ts: the plugin entry needs the codes at page load and
// re-exports both, and esbuild (--splitting) puts a module the entry reaches and a lazy chunk uses (the connect screen
// uses the flow) in every host's first load.

/** Codes of the Farcaster flow's own failures. */
export const farcasterErrorCodes = {
  timeout: 'FARCASTER_TIMEOUT',
  notInitialised: 'FARCASTER_NOT_INITIALISED',
} as const

/** The spec's Farcaster text for an error (§8). */
export function farcasterErrorText(error: unknown): string {
  const code = error instanceof BaseError ? error.code : ''
  if (code === farcasterErrorCodes.timeout) return farcasterTexts.timeout
  if (code === farcasterErrorCodes.notInitialised) return farcasterTexts.notInitialised
  if (code === 'INVALID_CREDENTIALS') return farcasterTexts.invalidCredentials
  if (code === 'TOO_MANY_REQUESTS') return farcasterTexts.tooManyRequests
  if (code === 'LINKED_TO_ANOTHER_USER') return farcasterTexts.linkedToAnother
  return farcasterTexts.authFailed
}
