import bs58 from 'bs58'
import { ConnectorError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { walletTexts } from '../../core/client/wallets/walletErrors.js'
import type { WalletSolanaOptions } from './solanaWallet.js'

/** The chain the embedded Solana wallet reports (the spec's default cluster, mainnet-beta). */
export const EMBEDDED_SOLANA_CHAIN = 'solana:mainnet'

/** The connector id of an embedded Solana wallet (base58 is case-sensitive: kept as it is). */
export const embeddedSolanaConnectorId = (address: string) => `embedded:${address}`

/** What the connector signs with and hands out as its provider. */
export interface EmbeddedSolanaConnectorDeps {
  /** Signs bytes with the wallet at `address`, in the wallet frame; the 64-byte ed25519 signature. */
  sign(address: string, message: Uint8Array): Promise<Uint8Array>
  /** The page's wallet-standard wallet ('Foyer Wallet'), which `getProvider()` answers. */
  provider: unknown
  /** Signs a @solana/web3.js transaction with the wallet at `address` (the wallet's `signTransaction`). */
  signTransaction?<T>(address: string, transaction: T): Promise<T>
  /** Sends one through the confirmation screen (the wallet's `sendTransaction`); the signature. */
  sendTransaction?(address: string, transaction: unknown, connection?: unknown): Promise<string>
}

/**
 * The connector of one embedded Solana wallet: `autoConnect` (the wallet manager connects it without a prompt and
 * lists it first), connected while the signed-in user has it; `signMessageBytes` gives the wallet's
 * `signMessage(bytes)` in useSolanaWallets(), `signMessage` its `sign(text)` (base58).
 */
export function embeddedSolanaConnector(
  foyer: Foyer,
  address: string,
  wallet: Pick<WalletSolanaOptions, 'accounts' | 'connectorType' | 'walletClientType' | 'identity'>,
  deps: EmbeddedSolanaConnectorDeps,
): WalletConnector {
  const owned = () => wallet.accounts(foyer.$session.peek().user).some((w) => w.address === address)
  return {
    id: embeddedSolanaConnectorId(address),
    chain: 'solana',
    connectorType: wallet.connectorType,
    walletClientType: wallet.walletClientType,
    name: wallet.identity.name,
    icon: wallet.identity.icon,
    installed: true,
    autoConnect: true,
    async connect() {
      if (!owned()) throw new ConnectorError(walletTexts.noAccounts, { code: 'UNABLE_TO_RETRIEVE_ACCOUNTS' })
      return { address, chainId: EMBEDDED_SOLANA_CHAIN }
    },
    async disconnect() {},
    async getAccounts() {
      return owned() ? [address] : []
    },
    async getChainId() {
      return EMBEDDED_SOLANA_CHAIN
    },
    async getProvider() {
      return deps.provider
    },
    async signMessage(_address, message) {
      return bs58.encode(await deps.sign(address, new TextEncoder().encode(message)))
    },
    signMessageBytes: (_address, message) => deps.sign(address, message),
    ...(deps.signTransaction ? { signSolanaTransaction: <T>(_address: string, transaction: T) => deps.signTransaction!(address, transaction) } : {}),
    ...(deps.sendTransaction ? { sendSolanaTransaction: (_address: string, transaction: unknown, connection?: unknown) => deps.sendTransaction!(address, transaction, connection) } : {}),
    // The wallet's one account never changes; the wallet leaves when its source stops publishing it (logout).
    onAccountsChanged: () => () => {},
    onChainChanged: () => () => {},
    onDisconnect: () => () => {},
  }
}
