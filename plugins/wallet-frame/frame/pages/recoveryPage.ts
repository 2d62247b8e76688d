// The visible recovery page's script (setting a user-owned recovery method, recovering with it), and the recovery
// login's callback popup. Loaded by those pages only. The methods' own code (password hashing, cloud backup) is in
// their plugins' recovery halves, each loaded when a request for its method arrives.
import { applyLook, lookFromUrl } from './applyLook.js'
import { readFrameConfig } from '../frameConfig.js'
import { openVault } from '../vault/openVault.js'
import { runOAuthCallback } from './recoveryCallback.js'
import { lazyRecoveryHalves, recoveryPageHandlers } from '../kernel/recoveryPage.js'
import { serveFrame } from '../serveFrame.js'
import { provideChainKeys } from '../keys/chainKeys.js'
import { ethereumKeys } from '../ethereum/ethereumKeys.js'

const { config, parentOrigin } = readFrameConfig()
if (config?.mode === 'oauth-callback') {
  // The recovery login's popup, back on this origin: the code goes to the recovery page that opened it.
  runOAuthCallback(window)
} else if (config) {
  // User-owned recovery is for Ethereum wallets only (§5): the page bundles their keys (it signs custody statements).
  provideChainKeys('ethereum', ethereumKeys)
  const vault = openVault(config)
  const recovery = config.recovery ?? { methods: {} }
  applyLook(document, lookFromUrl(new URL(location.href).searchParams))
  serveFrame(
    { parentOrigin, allowedOrigins: config.allowedOrigins, reportHeight: true },
    recoveryPageHandlers({ doc: document, vault, appName: config.appName ?? config.appId, methodHalf: lazyRecoveryHalves(recovery), settings: recovery.settings ?? {} }),
  )
}
