import type { Foyer } from '../../core/client/types.js'

/** The QR screen's id. */
export const QR_SCREEN = 'walletconnect/qr'

/** One pairing attempt as the QR screen sees it: the latest URI, read again every 500 ms. */
export interface Pairing {
  /** The `wc:` pairing URI of the latest `display_uri` event (null until the first arrives). */
  uri: string | null
}

/** What the connector holds while a pairing is on screen. */
export interface PairingSession {
  pairing: Pairing
  /** Sets the URI; the first one shows the QR screen. */
  show(uri: string): void
  /** Rejects when the user leaves the QR screen (back, close) before the wallet approves. */
  readonly left: Promise<never>
  /** Takes the QR screen away after approval (pops it, or closes a modal it opened itself). */
  finish(): void
}

/**
 * Shows the pairing URI in the modal: pushed on top of the current flow (the wallet list's awaiting
 * screen) or, when nothing is open, as a connect-only modal. Leaving the screen cancels the pairing.
 */
export function createPairingSession(foyer: Foyer, onLeave: () => Error): PairingSession {
  const pairing: Pairing = { uri: null }
  let openedModal = false
  let stopWatching: (() => void) | null = null
  let reject!: (error: Error) => void
  const left = new Promise<never>((_, r) => (reject = r))
  left.catch(() => {}) // Only observed when raced; never an unhandled rejection.

  const onStack = () => {
    const modal = foyer.$modal.peek()
    return modal.open && modal.stack.some((entry) => entry.params?.pairing === pairing)
  }

  return {
    pairing,
    left,
    show(uri) {
      const first = pairing.uri === null
      pairing.uri = uri
      if (!first) return
      if (foyer.$modal.peek().open) foyer.modal.push(QR_SCREEN, { pairing })
      else {
        foyer.modal.open({ intent: null, screen: QR_SCREEN, params: { pairing } })
        openedModal = true
      }
      // subscribe() calls back at once (on the stack now) and on every later modal change.
      stopWatching = foyer.$modal.subscribe(() => {
        if (onStack()) return
        stopWatching?.()
        reject(onLeave())
      })
    },
    finish() {
      stopWatching?.()
      stopWatching = null
      if (!onStack()) return
      const stack = foyer.$modal.peek().stack
      if (openedModal && stack.length === 1) foyer.modal.close()
      else if (stack.at(-1)?.params?.pairing === pairing) foyer.modal.back()
    },
  }
}
