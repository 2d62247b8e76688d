import type { WalletChainType } from '../../schema.js'
import type { FrameApiTarget } from '../frameApi.js'
import { newDeviceKeyPair, publicJwkOf } from '../keys/deviceJws.js'
import { provideChainKeys } from '../keys/chainKeys.js'
import { createDeviceKey } from './deviceKey.js'
import type { DeviceShareStore } from './deviceShareStore.js'
import { createWalletVault } from './walletVault.js'

/** Options of createWalletsOnThrowawayDevice. */
export interface ThrowawayDeviceOptions {
  apiUrl: string
  appId: string
  /** The fetch the custody calls go through; it must send them as the wallet origin does (Origin: the wallet origin). */
  fetch: typeof globalThis.fetch
  /** The chains to make a wallet of, in order. */
  chains: WalletChainType[]
  /**
   * Starts a session of the user bound to this device's key (its public JWK) and answers its access token; `end` is
   * called once the wallets are made, whatever happened, to end that session.
   */
  session(deviceJwk: { kty: string; crv: string; x: string; y: string }): Promise<{ accessToken: string; end(): Promise<void> }>
}

/**
 * Makes the user's embedded wallets with the frame's own vault, outside a page (foyer/testing's `createUser({ wallet })`):
 * a device that lives for this call only — a new non-extractable device key and an in-memory share store, both dropped
 * at the end — runs the frame's creation (keygen, split, the custody statement signed by the wallet, one server call
 * storing the auth share and the automatic-recovery share). Answers the addresses only: the key and the device share
 * never leave this function. A browser that signs in as the user later is a new device and recovers automatically.
 */
export async function createWalletsOnThrowawayDevice(options: ThrowawayDeviceOptions): Promise<Partial<Record<WalletChainType, string>>> {
  // Each chain's keys as the hidden frame gets them: a module imported the first time a wallet of that chain is made.
  provideChainKeys('ethereum', () => import('../ethereum/ethereumKeys.js').then((m) => m.ethereumKeys))
  provideChainKeys('solana', () => import('../solana/solanaKeys.js').then((m) => m.solanaKeys))
  const pair = await newDeviceKeyPair()
  const shares = new Map<string, Uint8Array>()
  const store: DeviceShareStore = {
    get: async (id) => shares.get(id)?.slice() ?? null,
    put: async (id, share) => void shares.set(id, share.slice()),
    remove: async (id) => void shares.delete(id),
  }
  const target: FrameApiTarget = { apiUrl: options.apiUrl, appId: options.appId, fetch: options.fetch, device: createDeviceKey(options.appId, async () => pair, async (_app, make) => make()) }
  const vault = createWalletVault(target, store)
  const session = await options.session(await publicJwkOf(pair))
  const addresses: Partial<Record<WalletChainType, string>> = {}
  try {
    for (const chain of options.chains) addresses[chain] = (await vault.create(chain, session.accessToken)).address
  } finally {
    vault.lockAll()
    for (const share of shares.values()) share.fill(0)
    shares.clear()
    await session.end()
  }
  return addresses
}
