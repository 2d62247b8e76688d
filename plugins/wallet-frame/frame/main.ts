// The hidden wallet frame's script: the frame kernel (bundled to foyer-frame.js, served on the wallet origin with
// script-src 'self'). It creates, unlocks and recovers wallets and signs; the plugins' frame halves are modules of
// their own it loads when their events first arrive. The visible pages have scripts of their own (pages/), so the
// frame every user loads holds none of their code (password hashing, cloud backup, the key display).
// The server writes the app's settings into a JSON block of the page; the embedding page's origin comes in the URL
// and must be one of the app's origins (frame-ancestors holds the browser to the same list).
import { readFrameConfig } from './frameConfig.js'
import { frameHandlers } from './frameHandlers.js'
import { createFrameKernel } from './kernel/frameKernel.js'
import { lazyHalves } from './kernel/lazyHalves.js'
import { serveFrame } from './serveFrame.js'
import { openVault } from './vault/openVault.js'
import { provideSolanaKeys, type SolanaKeys } from './keys/chainKeys.js'

const { config, parentOrigin } = readFrameConfig()
if (config) {
  // Solana's keys (ed25519, the transaction wire format) are a module of their own, imported from this origin the first
  // time a Solana wallet is created or unlocked: the path is the page's settings' (the server wrote it).
  const solanaPath = config.modules?.solana
  if (typeof solanaPath === 'string' && solanaPath.startsWith('/') && !solanaPath.startsWith('//')) {
    provideSolanaKeys(() => import(/* @vite-ignore */ solanaPath).then((module: { solanaKeys: SolanaKeys }) => module.solanaKeys))
  }
  const vault = openVault(config)
  serveFrame({ parentOrigin, allowedOrigins: config.allowedOrigins }, frameHandlers(vault), window, lazyHalves(config.halves ?? {}, createFrameKernel(vault)))
}
