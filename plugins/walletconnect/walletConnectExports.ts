import { QR_SCREEN as qrScreen } from './pairingSession.js'

// The plugin entry's screen id: the same value, bound here instead of re-exported from pairingSession.ts. esbuild
// (--splitting) puts a module in the host's first load when a file the entry reaches imports or re-exports it and any
// chunk uses it, and the lazy provider pairs through pairingSession.ts: a module of its own that only hosts import keeps
// the pairing with it, unless the host itself reads this.

/** The QR screen the pairing shows ('walletconnect/qr'). */
export const QR_SCREEN = qrScreen
