// The wallet frame's event names, as a module of the embedded wallet's own to import lazily: they load with the first
// frame request, not with the host's first JS (a lazy import of the wallet frame's entry would load every export of it).
export { frameEvents } from '../../wallet-frame/index.js'
