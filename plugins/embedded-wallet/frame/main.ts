// The wallet frame page's script, the frame kernel (bundled to foyer-frame.js, served on the wallet origin with
// script-src 'self'); the plugins' frame halves are modules of their own it loads when their events arrive.
// The server writes the app's settings into a JSON block of the page; the embedding page's origin comes in the URL
// and must be one of the app's origins (frame-ancestors holds the browser to the same list). The same script runs
// the hidden proxy, the visible export page and the
// visible recovery page (password screens).
import { frameEvents } from '../frameProtocol.js'
import { applyLook, lookFromUrl } from './applyLook.js'
import { createDeviceKey } from './deviceKey.js'
import { createDeviceShareStore } from './deviceShareStore.js'
import { exportedKeys, renderExport } from './exportView.js'
import { frameHandlers } from './frameHandlers.js'
import { createFrameKernel } from './kernel/frameKernel.js'
import { lazyHalves, type FrameHalfPaths } from './kernel/lazyHalves.js'
import { recoveryPageHandlers } from './recovery/recoveryPage.js'
import { runOAuthCallback } from './recovery/cloudLogin.js'
import type { CloudEndpoints } from './recovery/cloudKeySource.js'
import { serveFrame } from './serveFrame.js'
import { createWalletVault } from './walletVault.js'

interface FrameConfig {
  appId: string
  apiUrl: string
  allowedOrigins: string[]
  mode?: 'proxy' | 'export' | 'recovery' | 'oauth-callback'
  /** The app's name (the recovery page's download file name). */
  appName?: string
  /** The recovery page's Google Drive and CloudKit endpoints (cloud backup). */
  cloud?: CloudEndpoints
  /** The plugins' frame halves: each event with its half's module on this origin (loaded at its first event). */
  halves?: FrameHalfPaths
}

const config = JSON.parse(document.getElementById('foyer-frame-config')?.textContent ?? 'null') as FrameConfig | null
const parentOrigin = new URL(location.href).searchParams.get('parent_origin') ?? ''
if (config?.mode === 'oauth-callback') {
  // The recovery login's popup, back on this origin: the code goes to the recovery page that opened it.
  runOAuthCallback(window)
} else if (config) {
  const target = { apiUrl: config.apiUrl, appId: config.appId, device: createDeviceKey(config.appId) }
  const vault = createWalletVault(target, createDeviceShareStore(config.appId))
  const start = { parentOrigin, allowedOrigins: config.allowedOrigins }
  // The visible pages take the modal's look (checked values only) and tell the host how tall their content is.
  const visible = { ...start, reportHeight: true }
  if (config.mode === 'export' || config.mode === 'recovery') applyLook(document, lookFromUrl(new URL(location.href).searchParams))
  if (config.mode === 'export') {
    serveFrame(visible, {
      [frameEvents.exportShow]: async (raw) => {
        const { accessToken, address } = (raw ?? {}) as { accessToken?: unknown; address?: unknown }
        renderExport(document, exportedKeys(await vault.wallet(address, accessToken)))
        return { shown: true }
      },
    })
  } else if (config.mode === 'recovery') {
    serveFrame(visible, recoveryPageHandlers(document, vault, config.appName ?? config.appId, { api: target, endpoints: config.cloud }))
  } else {
    serveFrame(start, frameHandlers(vault), window, lazyHalves(config.halves ?? {}, createFrameKernel(vault)))
  }
}
