import { createFoyer } from '../../core/client/createFoyer.js'
import type { FoyerPlugin } from '../../core/client/plugin.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import type { Foyer, FoyerClientConfig } from '../../core/client/types.js'
import type { LinkedAccount, RawUser } from '../../core/protocol/index.js'
import type { EmbeddedWalletState } from '../../plugins/embedded-wallet/state/embeddedWalletState.js'
import { bytesToHex, hexToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { signEthereumRequest, type EthereumRpcRequest } from '../../plugins/embedded-wallet/frame/ethereum/ethereumRpc.js'
import { frameHandlers } from '../../plugins/wallet-frame/frame/frameHandlers.js'
import { FrameFailure } from '../../plugins/wallet-frame/frame/frameFailure.js'
import { ethereumKeyOf, signEthereumDigest } from '../../plugins/wallet-frame/frame/keys/ethereumKey.js'
import { solanaKeypairOf } from '../../plugins/wallet-frame/frame/keys/solanaKeypair.js'
import { provideChainKeys } from '../../plugins/wallet-frame/frame/keys/chainKeys.js'
import { solanaKeys } from '../../plugins/wallet-frame/frame/solana/solanaKeys.js'
import { ethereumKeys } from '../../plugins/wallet-frame/frame/ethereum/ethereumKeys.js'
import type { WalletVault } from '../../plugins/wallet-frame/frame/vault/walletVault.js'
import { frameEvents, type FrameEvent } from '../../plugins/wallet-frame/channel/frameProtocol.js'
import { WalletProxyError, type WalletProxy } from '../../plugins/wallet-frame/channel/walletProxy.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID, type RouteHandler } from './renderWithFoyer.js'

/**
 * A wallet frame for unit tests, behind the seam the real one sits behind (the plugin state's `proxy()`): it answers
 * connect and rpc with the frame's own signing code (`signEthereumRequest`) over a fixed HD secret, the Solana events
 * (connect, rpc signMessage, create) with the frame's own handlers over the same secret, and records calls.
 */
export function fakeWalletFrame(secret: Uint8Array = new Uint8Array(16).fill(7)) {
  provideChainKeys('ethereum', ethereumKeys)
  provideChainKeys('solana', solanaKeys)
  const calls: Array<{ event: FrameEvent; data: any }> = []
  const account = (walletIndex = 0) => privateKeyToAccount(bytesToHex(ethereumKeyOf(secret, walletIndex).privateKey))
  const indexOf = (address: unknown) => [0, 1, 2, 3].find((i) => account(i).address.toLowerCase() === String(address).toLowerCase())
  const solanaKeypair = (walletIndex = 0) => solanaKeypairOf(secret, walletIndex)
  // The frame's own Solana handlers over a vault holding this secret, where every Solana wallet is on the device.
  const solanaVault = {
    async wallet(address: unknown) {
      const walletIndex = [0, 1, 2, 3].find((i) => solanaKeypair(i).address === address)
      if (walletIndex === undefined) throw new FrameFailure('wallet_not_on_device', 'Wallet not on this device')
      return { secret, walletIndex, root: { chainType: 'solana' } }
    },
    async create(chainType: string) {
      return { address: chainType === 'solana' ? solanaKeypair(0).address : account(0).address }
    },
  } as unknown as WalletVault
  const solanaHandlers = frameHandlers(solanaVault)
  const solanaEvents = new Set<FrameEvent>([frameEvents.solanaConnect, frameEvents.solanaRpc, frameEvents.solanaCreate])
  let failNext: WalletProxyError | null = null
  const proxy: WalletProxy = {
    async request<R>(event: FrameEvent, data: unknown): Promise<R> {
      const d = data as { address?: string; request?: EthereumRpcRequest }
      calls.push({ event, data })
      if (failNext) {
        const error = failNext
        failNext = null
        throw error
      }
      if (solanaEvents.has(event)) {
        try {
          return (await solanaHandlers[event]!(data)) as R
        } catch (error) {
          if (error instanceof FrameFailure) throw new WalletProxyError(error.type, error.message)
          throw error
        }
      }
      const walletIndex = indexOf(d.address)
      if (walletIndex === undefined) throw new WalletProxyError('wallet_not_on_device', 'Wallet not on this device')
      if (event === frameEvents.connect) return { address: d.address } as R
      if (event === frameEvents.rpc) {
        const sign = async (digest: `0x${string}`) => signEthereumDigest(ethereumKeyOf(secret, walletIndex).privateKey, hexToBytes(digest))
        return { method: d.request!.method, data: await signEthereumRequest(sign, d.request!) } as R
      }
      throw new WalletProxyError('error', `The fake frame does not answer ${event}`)
    },
    destroy() {},
  }
  const state = { proxy: async () => proxy, reset() {} } as EmbeddedWalletState
  return {
    state,
    calls,
    account,
    /** The Solana key pair of `walletIndex` (its address is the embedded Solana wallet's). */
    solanaKeypair,
    /** The next request fails with `error` (a frame error). */
    failNext: (error: WalletProxyError) => void (failNext = error),
  }
}

/** The linked account of an embedded Ethereum wallet, as the server sends it. */
export function embeddedWalletAccount(address: string, walletIndex = 0, imported = false): LinkedAccount {
  return {
    type: 'wallet', address, chainType: 'ethereum', chainId: 'eip155:1', walletClientType: 'privy',
    connectorType: imported ? 'embedded_imported' : 'embedded', walletIndex, imported, delegated: false, recoveryMethod: 'privy',
    verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1,
  }
}

/** The linked account of an embedded Solana wallet, as the server sends it. */
export function embeddedSolanaAccount(address: string, walletIndex = 0): LinkedAccount {
  const { chainId: _none, ...account } = embeddedWalletAccount(address, walletIndex)
  return { ...account, chainType: 'solana' }
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
/** An access token the client accepts (the client never checks the signature). */
export const kitAccessToken = () => `${b64({ alg: 'ES256' })}.${b64({ aud: KIT_APP_ID, exp: Math.floor(Date.now() / 1000) + 3600 })}.s`

/** A user with `accounts`. */
export const kitUser = (accounts: LinkedAccount[]): RawUser => ({ id: 'did:foyer:u1', createdAt: 1, linkedAccounts: accounts, mfaMethods: [], hasAcceptedTerms: true, isGuest: false })

/**
 * A started kernel (no sockets: the kit's handler fetch, answering `routes` too) with `plugins` and `config`;
 * `signIn(user)` sets a session.
 */
export async function startKitFoyer(plugins: FoyerPlugin[], config: FoyerClientConfig = {}, routes: Record<string, RouteHandler> = {}) {
  const { fetch } = handlerFetch(routes)
  const foyer: Foyer = createFoyer({ appId: KIT_APP_ID, apiUrl: KIT_API_URL, plugins, config, fetch, storage: createMemoryStorage() })
  await foyer.init()
  return {
    foyer,
    signIn: (user: RawUser) => foyer.session.handleTokenResponse({ user, token: kitAccessToken(), refresh_token: 'r', session_update_action: 'set' } as never),
    /** Logs out locally (the kit's fetch has no logout route; the session clears either way). */
    signOut: () => foyer.session.logout(),
  }
}
