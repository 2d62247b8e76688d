import { createDeviceKey } from './deviceKey.js'
import { createDeviceShareStore } from './deviceShareStore.js'
import type { FrameConfig } from '../frameConfig.js'
import { createWalletVault, type WalletVault } from './walletVault.js'

/** The page's vault: the app's API as this device (its device key and share store, per app). */
export function openVault(config: Pick<FrameConfig, 'apiUrl' | 'appId'>): WalletVault {
  const target = { apiUrl: config.apiUrl, appId: config.appId, device: createDeviceKey(config.appId) }
  return createWalletVault(target, createDeviceShareStore(config.appId))
}
