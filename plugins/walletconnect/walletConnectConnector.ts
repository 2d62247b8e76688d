import { UserRejectedRequestError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import { eip1193Connector, type Eip1193Provider } from '../../core/client/wallets/eip1193Connector.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { ProviderRpcError, walletTexts } from '../../core/client/wallets/walletErrors.js'
import { createPairingSession } from './pairingSession.js'

/** The surface of @walletconnect/ethereum-provider's EthereumProvider the connector uses. */
export interface WalletConnectProvider extends Eip1193Provider {
  /** Pairs (emitting 'display_uri') and resolves once the wallet approves the session. */
  connect(options?: unknown): Promise<void>
  /** connect() when there is no session, then the session's accounts. */
  enable?(): Promise<string[]>
  disconnect(): Promise<void>
  /** The approved session, undefined before pairing and after disconnect. */
  readonly session?: unknown
  accounts?: string[]
  /** UniversalProvider: abortPairingAttempt() stops a pending pairing. */
  signer?: { abortPairingAttempt?(): void }
  on(event: string, listener: (...args: any[]) => void): unknown
  removeListener(event: string, listener: (...args: any[]) => void): unknown
}

/** What EthereumProvider.init gets (and a host's `createProvider`). */
export interface WalletConnectProviderParameters {
  projectId: string
  /** EVM chain ids the session asks for (optional namespaces); at least one. */
  chains: [number, ...number[]]
  rpcMap: Record<string, string>
  metadata: { name: string; description: string; url: string; icons: string[] }
}

/** Options the connector needs from the plugin factory. */
export interface WalletConnectConnectorOptions {
  projectId: () => string | null
  createProvider?: (parameters: WalletConnectProviderParameters) => Promise<WalletConnectProvider>
  metadata?: Partial<WalletConnectProviderParameters['metadata']>
}

/** WalletConnect's logo (blue bridge on white is theirs; this is the mark only). */
export const walletConnectIcon =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><rect width="24" height="24" rx="6" fill="#3B99FC"/><path fill="#fff" d="M7.3 9.2a6.7 6.7 0 0 1 9.4 0l.3.3a.3.3 0 0 1 0 .5l-1.1 1a.2.2 0 0 1-.2 0l-.4-.4a4.7 4.7 0 0 0-6.6 0l-.4.4a.2.2 0 0 1-.3 0l-1-1a.3.3 0 0 1 0-.5l.3-.3Zm11.6 2.2 1 .9a.3.3 0 0 1 0 .5l-4.3 4.2a.3.3 0 0 1-.5 0l-3-3a.1.1 0 0 0-.2 0l-3 3a.3.3 0 0 1-.5 0L4.1 12.8a.3.3 0 0 1 0-.5l1-.9a.3.3 0 0 1 .4 0l3 3h.2l3-3a.3.3 0 0 1 .5 0l3 3h.2l3-3a.3.3 0 0 1 .5 0Z"/></svg>'

/** The host's chains (supportedChains, default chain first) or Ethereum mainnet. */
function chainsOf(foyer: Foyer): { chains: [number, ...number[]]; rpcMap: Record<string, string> } {
  const client = foyer.$config.peek()?.client
  const supported = [...(client?.defaultChain ? [client.defaultChain] : []), ...(client?.supportedChains ?? [])]
  const rpcMap: Record<string, string> = {}
  const ids: number[] = []
  for (const chain of supported) {
    if (ids.includes(chain.id)) continue
    ids.push(chain.id)
    const rpc = chain.rpcUrls.default.http[0]
    if (rpc) rpcMap[String(chain.id)] = rpc
  }
  return { chains: (ids.length ? ids : [1]) as [number, ...number[]], rpcMap }
}

async function sdkProvider(parameters: WalletConnectProviderParameters): Promise<WalletConnectProvider> {
  // The SDK is large: it loads only when a user picks WalletConnect.
  const { EthereumProvider } = await import('@walletconnect/ethereum-provider')
  const provider = await EthereumProvider.init({
    projectId: parameters.projectId,
    optionalChains: parameters.chains,
    rpcMap: parameters.rpcMap,
    metadata: parameters.metadata,
    // Foyer draws the QR code itself (screen walletconnect/qr); the SDK's modal never renders.
    showQrModal: false,
  })
  return provider as unknown as WalletConnectProvider
}

/**
 * Puts a QR step in front of the SDK: eth_requestAccounts without a session pairs (the URI goes to the
 * QR screen) and waits for approval; reads without a session answer like a disconnected wallet.
 */
function withPairing(foyer: Foyer, raw: WalletConnectProvider): Eip1193Provider {
  async function pair(): Promise<string[]> {
    if (raw.session) return (await raw.request({ method: 'eth_accounts' })) as string[]
    const session = createPairingSession(foyer, () => new UserRejectedRequestError())
    const onUri = (uri: string) => session.show(uri)
    raw.on('display_uri', onUri)
    try {
      const approved = raw.enable ? raw.enable() : raw.connect().then(() => raw.accounts ?? [])
      const accounts = await Promise.race([approved, session.left])
      session.finish()
      return accounts.length ? accounts : ((await raw.request({ method: 'eth_accounts' })) as string[])
    } catch (error) {
      if (error instanceof UserRejectedRequestError) raw.signer?.abortPairingAttempt?.()
      else session.finish()
      throw error
    } finally {
      raw.removeListener('display_uri', onUri)
    }
  }

  return {
    async request(args) {
      switch (args.method) {
        case 'eth_requestAccounts':
          return pair()
        case 'eth_accounts':
          return raw.session ? raw.request(args) : []
        case 'wallet_revokePermissions':
          // A WalletConnect session ends with disconnect(), not a permission request to the wallet.
          return null
        default:
          if (!raw.session) throw new ProviderRpcError(4900, walletTexts.notConnected)
          return raw.request(args)
      }
    },
    on: (event, listener) => void raw.on(event, listener),
    removeListener: (event, listener) => void raw.removeListener(event, listener),
  }
}

/** The WalletConnect connector: one per kernel, its provider (and the SDK) created on first use. */
export function createWalletConnectConnector(foyer: Foyer, options: WalletConnectConnectorOptions): WalletConnector {
  let provider: Promise<{ raw: WalletConnectProvider; wrapped: Eip1193Provider }> | null = null
  const load = () =>
    (provider ??= (async () => {
      const projectId = options.projectId()
      if (!projectId) throw new ProviderRpcError(4900, walletTexts.unableToConnect)
      const config = foyer.$config.peek()
      const origin = typeof location !== 'undefined' ? location.origin : ''
      const parameters: WalletConnectProviderParameters = {
        projectId,
        ...chainsOf(foyer),
        metadata: {
          name: config?.name ?? 'Foyer',
          description: config?.name ?? 'Foyer',
          url: origin,
          icons: config?.logo ? [config.logo] : [],
          ...options.metadata,
        },
      }
      const raw = await (options.createProvider ?? sdkProvider)(parameters)
      return { raw, wrapped: withPairing(foyer, raw) }
    })().catch((error) => {
      provider = null // A failed load (offline, bad project id) may be retried.
      throw error
    }))

  return eip1193Connector(
    {
      id: 'wallet_connect',
      connectorType: 'wallet_connect_v2',
      walletClientType: 'wallet_connect',
      name: 'WalletConnect',
      icon: walletConnectIcon,
    },
    async () => (await load()).wrapped,
    { installed: true, onDisconnect: async () => (await load()).raw.disconnect() },
  )
}
