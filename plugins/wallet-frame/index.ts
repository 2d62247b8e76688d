// The wallet frame's host side: the channel to the frame (its protocol, both ends, and the host's port, WalletProxy),
// the frame's look, and the custody API and schemas the frame calls the server with (the server's routes check the
// same schemas). The frame itself (plugins/wallet-frame/frame/) is the key origin: it runs on the wallet origin only,
// and frame halves reach it through frame.ts; server.ts serves it. Not a plugin of its own (no factory): the embedded
// wallet builds on it.
export * from './channel/frameProtocol.js'
export * from './channel/walletProxy.js'
export * from './channel/frameLook.js'
export * from './custodyConstants.js'
export * from './schema.js'
export { embeddedWalletApi, embeddedWalletPaths } from './api.js'
