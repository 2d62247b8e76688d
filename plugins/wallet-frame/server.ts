// The wallet frame's server side: its listener on the wallet origin (the frame page, its script, its assets and the
// plugins' frame halves, with script-src 'self'), the build of those (frameScript), the same-site check of a wallet
// origin, the guard of routes only the frame may call, and the custody statement the server checks a wallet's
// signature against.
export { frameListener } from './server/frameListener.js'
export {
  BUILT_FRAME_DIR,
  BUILT_FRAME_SCRIPT,
  bundleFrame,
  bundleFrameScript,
  frameStyleAsset,
  loadedWith,
  loadFrameAssets,
  writeFrame,
  type FrameAssets,
  type FrameBuild,
  type FrameHalfSource,
  type FrameModule,
  type FramePageScript,
} from './server/frameScript.js'
export { appIdOfFramePath, FRAME_SCRIPT_PATH, framePageHeaders, framePageHtml, type FramePageMode } from './server/framePage.js'
export { assertSameSite, siteOf } from './server/sameSite.js'
export { assertWalletFrameOrigin, sameOrigin } from './server/walletFrameOnly.js'
export { createStaticAsset, serveStaticAsset, type StaticAsset } from '../../core/server/staticAsset.js'
export { custodyDigest, custodyStatement, kdfDigest, type CustodyAction, type CustodyStatementInput } from './custodyStatement.js'
export { RECOVERY_OAUTH_CALLBACK_PATH } from './channel/frameProtocol.js'
