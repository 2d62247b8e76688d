import { UserRejectedRequestError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import type { Eip1193Provider } from '../../core/client/wallets/eip1193Connector.js'
import { ProviderRpcError, walletTexts } from '../../core/client/wallets/walletErrors.js'
import { createPairingSession } from './pairingSession.js'
import type { WalletConnectConnectorOptions, WalletConnectProvider, WalletConnectProviderParameters } from './walletConnectTypes.js'

// The connector's provider half, loaded on the connector's first use (connect, or a read of a restored connection):
// the chains, the SDK's import and the QR pairing step. The connector itself (walletConnectConnector.ts) is built at
// page load for the wallet list, so this stays out of the host's first load.

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

/** The connector's provider: the SDK's (or the host's `createProvider`'s) with the QR pairing step in front. */
export async function loadWalletConnectProvider(foyer: Foyer, options: WalletConnectConnectorOptions): Promise<{ raw: WalletConnectProvider; wrapped: Eip1193Provider }> {
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
}
