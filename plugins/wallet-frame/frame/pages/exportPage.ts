// The visible export page's script ('Transfer wallet'): shows one wallet's key and recovery phrase, drawn in this
// origin's page. Loaded by the export page only.
import { frameEvents } from '../../channel/frameProtocol.js'
import { applyLook, lookFromUrl } from './applyLook.js'
import { exportedKeys, renderExport } from './exportView.js'
import { readFrameConfig } from '../frameConfig.js'
import { openVault } from '../vault/openVault.js'
import { provideChainKeys } from '../keys/chainKeys.js'
import { ethereumKeys } from '../ethereum/ethereumKeys.js'
import { solanaKeys } from '../solana/solanaKeys.js'
import { serveFrame } from '../serveFrame.js'

const { config, parentOrigin } = readFrameConfig()
if (config) {
  // The export page shows keys of both chains: it bundles them (the hidden frame loads them when needed).
  provideChainKeys('ethereum', ethereumKeys)
  provideChainKeys('solana', solanaKeys)
  const vault = openVault(config)
  // The visible pages take the modal's look (checked values only) and tell the host how tall their content is.
  applyLook(document, lookFromUrl(new URL(location.href).searchParams))
  serveFrame({ parentOrigin, allowedOrigins: config.allowedOrigins, reportHeight: true }, {
    [frameEvents.exportShow]: async (raw) => {
      const { accessToken, address } = (raw ?? {}) as { accessToken?: unknown; address?: unknown }
      renderExport(document, exportedKeys(await vault.exportWallet(address, accessToken)))
      return { shown: true }
    },
  })
}
