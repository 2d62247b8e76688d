import bs58 from 'bs58'
import type { Foyer } from '../../core/client/types.js'
import type { ConnectedWallet as FoyerConnectedWallet } from '../../core/client/wallets/types.js'
import { BaseError } from '../../core/errors/index.js'
import type { ConnectedStandardSolanaWallet, SolanaChain, SolanaTransactionOptions } from './privyWalletTypes.js'

/**
 * Serialized transaction bytes in the shape Foyer's Solana wallets take (a web3.js VersionedTransaction's: `version`,
 * `serialize()`, static `deserialize`). The wallets sign the wire bytes as they are, legacy or v0.
 */
export class SerializedSolanaTransaction {
  readonly version = 0
  constructor(readonly bytes: Uint8Array) {}
  serialize(): Uint8Array {
    return this.bytes
  }
  static deserialize(bytes: Uint8Array): SerializedSolanaTransaction {
    return new SerializedSolanaTransaction(bytes)
  }
}

// Privy's `chain` → the connection a send goes over: mainnet is the configured default cluster (embeddedWallet's
// `solana.clusters`, or the wallet's own); devnet and testnet their public endpoints.
const PUBLIC_RPC: Partial<Record<SolanaChain, string>> = { 'solana:devnet': 'https://api.devnet.solana.com', 'solana:testnet': 'https://api.testnet.solana.com' }
const connectionFor = (chain: SolanaChain | undefined) => (chain && PUBLIC_RPC[chain] ? { rpcEndpoint: PUBLIC_RPC[chain] } : undefined)

const unsupported = (what: string) => new BaseError(`This wallet cannot ${what}`, { code: 'NOT_SUPPORTED' })

type SendSolana = (tx: SerializedSolanaTransaction, connection?: { rpcEndpoint: string }, options?: { uiOptions?: unknown; address?: string }) => Promise<{ signature: string }>

/**
 * Foyer's connected Solana wallet as Privy's `ConnectedStandardSolanaWallet`. The embedded wallet's sends go through the
 * embedded wallet's confirmation screen (unless `uiOptions.showWalletUIs` is false); its messages and signatures are
 * signed in the wallet frame without one, as Foyer's Solana wallet does. External wallets prompt in their own UI.
 */
export function toStandardSolanaWallet(foyer: Foyer, wallet: FoyerConnectedWallet): ConnectedStandardSolanaWallet {
  const embedded = wallet.walletClientType === 'privy'
  const signOne = async ({ message }: { message: Uint8Array }) => {
    if (!wallet.signMessage) throw unsupported('sign messages')
    return { signature: await wallet.signMessage(message), signedMessage: message }
  }
  return {
    address: wallet.address,
    standardWallet: { name: wallet.meta.name, icon: wallet.meta.icon ?? '' },
    disconnect: () => wallet.disconnect(),
    signMessage: (async (...inputs: { message: Uint8Array }[]) => {
      const results = []
      for (const input of inputs) results.push(await signOne(input))
      return inputs.length === 1 ? results[0] : results
    }) as ConnectedStandardSolanaWallet['signMessage'],
    signTransaction: async ({ transaction }: { transaction: Uint8Array; chain?: SolanaChain; options?: SolanaTransactionOptions }) => {
      if (!wallet.signTransaction) throw unsupported('sign transactions')
      const signed = await wallet.signTransaction(new SerializedSolanaTransaction(transaction))
      return { signedTransaction: signed.serialize() }
    },
    signAndSendTransaction: async ({ transaction, chain, options }: { transaction: Uint8Array; chain: SolanaChain; options?: SolanaTransactionOptions }) => {
      const tx = new SerializedSolanaTransaction(transaction)
      const send = foyer.actions().sendSolanaTransaction as SendSolana | undefined
      if (embedded && send) {
        const { signature } = await send(tx, connectionFor(chain), { address: wallet.address, ...(options?.uiOptions ? { uiOptions: options.uiOptions } : {}) })
        return { signature: bs58.decode(signature) }
      }
      if (!wallet.sendTransaction) throw unsupported('send transactions')
      return { signature: bs58.decode(await wallet.sendTransaction(tx, connectionFor(chain))) }
    },
  }
}
