import type { ReactNode } from 'react'
import type { Foyer } from '../../../core/client/types.js'
import type { LinkedAccount } from '../../../core/protocol/index.js'

/** The embedded wallet's functions the provider pages use, looked up by name (no import of the embedded-wallet plugin). */
export interface ProviderWalletActions {
  createWallet(): Promise<LinkedAccount>
  signMessage(input: { message: string | { raw: `0x${string}` } }, options?: { address?: string }): Promise<`0x${string}`>
  signTypedData(typedData: unknown, options?: { address?: string }): Promise<`0x${string}`>
  sendTransaction(request: unknown, options?: { address?: string }): Promise<{ hash: `0x${string}` }>
}

/** The embedded wallet's functions on this kernel. */
export const walletActions = (foyer: Foyer) => foyer.actions() as unknown as Partial<ProviderWalletActions>

/** The user's embedded Ethereum wallet addresses, lower-cased. */
export const embeddedAddresses = (accounts: readonly LinkedAccount[] | undefined) =>
  (accounts ?? []).filter((a) => a.type === 'wallet' && a.walletClientType === 'privy' && a.chainType === 'ethereum').map((a) => String(a.address).toLowerCase())

/** The user's first embedded Ethereum wallet address. */
export const embeddedAddress = (accounts: readonly LinkedAccount[] | undefined) =>
  accounts?.find((a) => a.type === 'wallet' && a.walletClientType === 'privy' && a.chainType === 'ethereum')?.address ?? null

/** Posts to the requester window with the exact registered origin (never '*'). */
export function postToRequester(message: Record<string, unknown>, origin: string) {
  window.opener?.postMessage(message, origin)
}

/** How long an answered popup stays open for the requester to close it (it does on the answer), before closing itself. */
export const ANSWERED_POPUP_CLOSE_MS = 1000

/**
 * Posts the page's last message (the answer, or the error) and leaves the closing to the requester, which closes the
 * popup once it took the answer; the page closes itself after ANSWERED_POPUP_CLOSE_MS if it is still open. Closing at
 * once lost answers: Chromium dispatched the message after the popup was gone with a null `event.source`, which the
 * requester (it checks the source) ignored — and its closed-poll then said 'User rejected request'.
 */
export function answerRequester(message: Record<string, unknown>, origin: string) {
  postToRequester(message, origin)
  setTimeout(() => window.close(), ANSWERED_POPUP_CLOSE_MS)
}

/** The provider pages' frame: a card with a title, a line and actions. */
export function ProviderCard({ title, children, testId }: { title: string; children?: ReactNode; testId: string }) {
  return (
    <main className="main" data-testid={testId} style={{ maxWidth: 360, margin: '2rem auto', padding: '1rem', overflowWrap: 'anywhere' }}>
      <h1 style={{ fontSize: '1.25rem' }}>{title}</h1>
      {children}
    </main>
  )
}
