// The visible recovery page's script (setting a password or a cloud backup, recovering with it), and the cloud
// sign-in's callback popup. Loaded by those pages only: password hashing (argon2id) and cloud backup stay out of the
// hidden frame every user loads.
import { applyLook, lookFromUrl } from '../applyLook.js'
import { readFrameConfig } from '../frameConfig.js'
import { openVault } from '../openVault.js'
import { runOAuthCallback } from '../recovery/cloudLogin.js'
import { recoveryPageHandlers } from '../recovery/recoveryPage.js'
import { serveFrame } from '../serveFrame.js'

const { config, parentOrigin } = readFrameConfig()
if (config?.mode === 'oauth-callback') {
  // The recovery login's popup, back on this origin: the code goes to the recovery page that opened it.
  runOAuthCallback(window)
} else if (config) {
  const vault = openVault(config)
  applyLook(document, lookFromUrl(new URL(location.href).searchParams))
  serveFrame(
    { parentOrigin, allowedOrigins: config.allowedOrigins, reportHeight: true },
    recoveryPageHandlers(document, vault, config.appName ?? config.appId, { api: vault.target, endpoints: config.cloud }),
  )
}
