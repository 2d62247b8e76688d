import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** `standard:connect` (wallet-standard): asks for access; `silent` never prompts. */
export interface StandardConnectFeature {
  'standard:connect': {
    version: string
    connect(input?: { silent?: boolean }): Promise<{ readonly accounts: readonly WalletAccount[] }>
  }
}

/** `standard:disconnect`: forgets the authorisation. */
export interface StandardDisconnectFeature {
  'standard:disconnect': { version: string; disconnect(): Promise<void> }
}

/** What a `standard:events` change carries: only the properties that changed. */
export interface StandardEventsChangeProperties {
  readonly chains?: Wallet['chains']
  readonly features?: Wallet['features']
  readonly accounts?: readonly WalletAccount[]
}

/** `standard:events`: change notifications. */
export interface StandardEventsFeature {
  'standard:events': {
    version: string
    on(event: 'change', listener: (properties: StandardEventsChangeProperties) => void): () => void
  }
}

/** `solana:signMessage`: signs raw bytes with an account's ed25519 key. */
export interface SolanaSignMessageFeature {
  'solana:signMessage': {
    version: string
    signMessage(
      ...inputs: ReadonlyArray<{ account: WalletAccount; message: Uint8Array }>
    ): Promise<ReadonlyArray<{ signedMessage: Uint8Array; signature: Uint8Array; signatureType?: 'ed25519' }>>
  }
}

/** `solana:signTransaction`: signs serialized transactions (legacy or v0) with an account's key; answers them signed. */
export interface SolanaSignTransactionFeature {
  'solana:signTransaction': {
    version: string
    signTransaction(
      ...inputs: ReadonlyArray<{
        account: WalletAccount
        transaction: Uint8Array
        chain?: string
        options?: { preflightCommitment?: string; minContextSlot?: number }
      }>
    ): Promise<ReadonlyArray<{ signedTransaction: Uint8Array }>>
  }
}

/** `solana:signAndSendTransaction`: signs serialized transactions and sends them to `chain`'s cluster; answers the signatures. */
export interface SolanaSignAndSendTransactionFeature {
  'solana:signAndSendTransaction': {
    version: string
    signAndSendTransaction(
      ...inputs: ReadonlyArray<{
        account: WalletAccount
        transaction: Uint8Array
        chain: string
        options?: { preflightCommitment?: string; skipPreflight?: boolean; maxRetries?: number; minContextSlot?: number }
      }>
    ): Promise<ReadonlyArray<{ signature: Uint8Array }>>
  }
}

/** Feature names the connector uses. */
export const features = {
  connect: 'standard:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'solana:signMessage',
  signTransaction: 'solana:signTransaction',
  signAndSendTransaction: 'solana:signAndSendTransaction',
} as const

/** The feature object of `name`, typed, or undefined when the wallet lacks it. */
export function featureOf<F extends object, K extends keyof F & string>(wallet: Wallet, name: K): F[K] | undefined {
  return (wallet.features as Partial<F>)[name]
}
