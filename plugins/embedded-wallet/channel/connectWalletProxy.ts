// The host's port to the wallet frame, as a module of the embedded wallet's own that its state imports lazily: the proxy
// loads with the first wallet call, not with the host's first JS (a lazy import of the wallet frame's entry would
// load every export of it).
export { connectWalletProxy } from '../../wallet-frame/index.js'
