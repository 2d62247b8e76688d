import type { Eip1193Provider } from '../../core/client/wallets/eip1193Connector.js'

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
