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
import { provideChainKeys } from './keys/chainKeys.js'

const { config, parentOrigin } = readFrameConfig()
if (config) {
  // Each chain's keys (Ethereum: BIP-32, secp256k1, the BIP-39 word list; Solana: ed25519, the transaction wire format)
  // are a module of their own, imported from this origin the first time a wallet of that chain is created or unlocked:
  // the paths are the page's settings' (the server wrote them), same-origin only.
  const modules = config.modules ?? {}
  const sameOrigin = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//')
  if (sameOrigin(modules.ethereum)) {
    const path = modules.ethereum
    provideChainKeys('ethereum', () => import(/* @vite-ignore */ path).then((module: typeof import('./ethereum/ethereumKeys.js')) => module.ethereumKeys))
  }
  if (sameOrigin(modules.solana)) {
    const path = modules.solana
    provideChainKeys('solana', () => import(/* @vite-ignore */ path).then((module: typeof import('./solana/solanaKeys.js')) => module.solanaKeys))
  }
  const vault = openVault(config)
  serveFrame({ parentOrigin, allowedOrigins: config.allowedOrigins }, frameHandlers(vault), window, lazyHalves(config.halves ?? {}, createFrameKernel(vault)))
}
