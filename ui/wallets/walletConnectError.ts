import { hasFailureScreen } from '../../core/client/failureScreenPolicy.js'
import { BaseError } from '../../core/errors/index.js'
import { walletTexts } from '../../core/client/wallets/walletErrors.js'

/** Connection retries the spec allows before 'Unable to connect wallet'. */
export const WALLET_CONNECT_RETRY_LIMIT = 2

/** What a wallet screen does with an error (§8 'Wallet connection'). */
export type WalletErrorOutcome =
  /** A failure screen of the kernel (allowlist, user limit, account not found, transfer): `modal.showError`. */
  | { screen: true }
  /** Inline on the wallet screen; `action` is the button offered. */
  | { screen?: false; title: string; detail?: string; action: 'retry' | 'different-wallet' }

const USER_EXISTS_CODES = new Set(['LINKED_TO_ANOTHER_USER', 'USER_EXISTS', 'WALLET_LINKED_TO_ANOTHER_USER'])
const KNOWN_TEXTS = new Set<string>(Object.values(walletTexts))

/**
 * Maps a wallet connection (or wallet sign-in) error to what the screen shows. Generic: wallet sign-in
 * plugins may use it for their own screens.
 */
export function walletErrorOutcome(error: unknown, t: (key: string, vars?: Record<string, string | number>) => string): WalletErrorOutcome {
  const code = error instanceof BaseError ? error.code : ''
  const message = error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : ''
  if (hasFailureScreen(error)) return { screen: true }
  if (USER_EXISTS_CODES.has(code) || /user (already )?exists/i.test(message)) {
    return { title: t('error.linkedToAnother.title'), detail: t('error.linkedToAnother.detail'), action: 'different-wallet' }
  }
  if (code === 'USER_REJECTED_REQUEST') return { title: t('wallet.error.title'), detail: t('wallet.error.rejected'), action: 'retry' }
  if (code === 'CLIENT_REQUEST_TIMEOUT' || /timed? ?out/i.test(message)) return { title: t('error.timedOut.title'), ...(message ? { detail: message } : {}), action: 'retry' }
  if (KNOWN_TEXTS.has(message)) return { title: t('wallet.error.title'), detail: t(message), action: 'retry' }
  return { title: t('wallet.error.title'), action: 'retry' }
}
