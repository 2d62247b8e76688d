import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ConnectorError } from '../../core/errors/index.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { walletTexts } from '../../core/client/wallets/walletErrors.js'
import { SIGN_MESSAGE_REQUIRED, SOLANA_MAINNET, solanaConnectorId, solanaWalletClientType } from './solanaWallets.js'

export { SIGN_MESSAGE_REQUIRED, SOLANA_MAINNET }
import {
  featureOf,
  features,
  type SolanaSignMessageFeature,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from './walletStandardTypes.js'
import { walletStandardTransactions } from './walletStandardTransactions.js'


const isSolanaChain = (chain: string) => chain.startsWith('solana:')

/**
 * A wallet-standard wallet is a Solana wallet Foyer can use when it has a solana chain and `standard:connect`. The
 * page's own embedded wallet registers itself for dapps (marked `isFoyerWallet`); it is the user's wallet already,
 * not one to connect.
 */
export function isSolanaWallet(wallet: Wallet): boolean {
  if ((wallet as { isFoyerWallet?: unknown }).isFoyerWallet === true) return false
  return wallet.chains.some(isSolanaChain) && features.connect in wallet.features
}

/** Whether the wallet can sign messages (required to connect: sign-in signs a message). */
export function canSignMessages(wallet: Wallet): boolean {
  return features.signMessage in wallet.features
}

/** The wallet's Solana accounts (wallet-standard lists only authorised ones). */
const solanaAccounts = (wallet: Wallet): readonly WalletAccount[] =>
  wallet.accounts.filter((a) => a.chains.length === 0 || a.chains.some(isSolanaChain))

const chainOf = (account: WalletAccount | undefined, wallet: Wallet) =>
  account?.chains.find(isSolanaChain) ?? (wallet.chains.includes(SOLANA_MAINNET) ? SOLANA_MAINNET : wallet.chains.find(isSolanaChain) ?? SOLANA_MAINNET)

// bs58 loads with the first signature: a page that only lists wallets doesn't need it.
const base58 = async (bytes: Uint8Array) => (await import('bs58')).default.encode(bytes)

/**
 * A WalletConnector over a wallet-standard Solana wallet (Phantom, Solflare, Backpack, ...):
 * `standard:connect` / `standard:disconnect`, `solana:signMessage` (base58 signature),
 * `solana:signTransaction` / `solana:signAndSendTransaction` (walletStandardTransactions.ts) and `standard:events` changes.
 */
export function walletStandardConnector(wallet: Wallet, options: { onUnregister?: (listener: () => void) => () => void } = {}): WalletConnector {
  const walletClientType = solanaWalletClientType(wallet.name)
  const on = (listener: (accounts: readonly WalletAccount[]) => void) =>
    featureOf<StandardEventsFeature, 'standard:events'>(wallet, features.events)?.on('change', (changed) => {
      if (changed.accounts) listener(changed.accounts.filter((a) => a.chains.length === 0 || a.chains.some(isSolanaChain)))
    }) ?? (() => {})

  const authorisedAccount = (address: string): WalletAccount => {
    const account = solanaAccounts(wallet).find((a) => a.address === address)
    if (!account) throw new ConnectorError(walletTexts.notConnected, { code: 'WALLET_NOT_CONNECTED' })
    return account
  }
  const signBytes = async (address: string, message: Uint8Array): Promise<Uint8Array> => {
    const sign = featureOf<SolanaSignMessageFeature, 'solana:signMessage'>(wallet, features.signMessage)
    if (!sign) throw new ConnectorError(SIGN_MESSAGE_REQUIRED, { code: 'SOLANA_SIGN_MESSAGE_UNSUPPORTED' })
    const [output] = await sign.signMessage({ account: authorisedAccount(address), message })
    if (!output?.signature || output.signature.length !== 64) throw new ConnectorError(walletTexts.unableToAuthorize, { code: 'INVALID_SIGNATURE' })
    return output.signature
  }

  const transactions = walletStandardTransactions(wallet, authorisedAccount, (account) => chainOf(account, wallet))

  return {
    id: solanaConnectorId(walletClientType),
    chain: 'solana',
    connectorType: 'solana_adapter',
    walletClientType,
    name: wallet.name,
    icon: wallet.icon,
    installed: true,
    async connect() {
      // Checked before the prompt: connecting a wallet that can't sign in would only waste the user's approval.
      if (!canSignMessages(wallet)) throw new ConnectorError(SIGN_MESSAGE_REQUIRED, { code: 'SOLANA_SIGN_MESSAGE_UNSUPPORTED' })
      const connect = featureOf<StandardConnectFeature, 'standard:connect'>(wallet, features.connect)
      if (!connect) throw new ConnectorError(walletTexts.unsupportedWallet, { code: 'UNSUPPORTED_WALLET' })
      const { accounts } = await connect.connect()
      const account = accounts.find((a) => a.chains.length === 0 || a.chains.some(isSolanaChain)) ?? solanaAccounts(wallet)[0]
      if (!account) throw new ConnectorError(walletTexts.noAccounts, { code: 'UNABLE_TO_RETRIEVE_ACCOUNTS' })
      return { address: account.address, chainId: chainOf(account, wallet) }
    },
    async disconnect() {
      await featureOf<StandardDisconnectFeature, 'standard:disconnect'>(wallet, features.disconnect)?.disconnect()
    },
    async getAccounts() {
      return solanaAccounts(wallet).map((a) => a.address)
    },
    async getChainId() {
      return chainOf(solanaAccounts(wallet)[0], wallet)
    },
    async getProvider() {
      return wallet
    },
    async signMessage(address, message) {
      return base58(await signBytes(address, new TextEncoder().encode(message)))
    },
    signMessageBytes: (address, message) => signBytes(address, message),
    signSolanaTransaction: transactions.signSolanaTransaction,
    sendSolanaTransaction: transactions.sendSolanaTransaction,
    onAccountsChanged(listener) {
      return on((accounts) => listener(accounts.map((a) => a.address)))
    },
    onChainChanged(listener) {
      let last = chainOf(solanaAccounts(wallet)[0], wallet)
      return on((accounts) => {
        if (!accounts.length) return
        const next = chainOf(accounts[0], wallet)
        if (next !== last) listener((last = next))
      })
    },
    onDisconnect(listener) {
      // A wallet that unregisters (extension disabled) is gone: its wallets disconnect.
      return options.onUnregister?.(listener) ?? (() => {})
    },
  }
}

/** The placeholder of a named wallet that isn't installed: listed with its install guide, never connectable. */
export function notInstalledConnector(named: { walletClientType: string; name: string; installUrl: string; icon?: string }): WalletConnector {
  const fail = async (): Promise<never> => {
    throw new ConnectorError(walletTexts.unableToConnect, { code: 'WALLET_NOT_INSTALLED' })
  }
  return {
    id: solanaConnectorId(named.walletClientType),
    chain: 'solana',
    connectorType: 'solana_adapter',
    walletClientType: named.walletClientType,
    name: named.name,
    ...(named.icon ? { icon: named.icon } : {}),
    installed: false,
    installUrl: named.installUrl,
    connect: fail,
    disconnect: async () => {},
    getAccounts: async () => [],
    getChainId: async () => SOLANA_MAINNET,
    getProvider: async () => null,
    signMessage: fail,
    onAccountsChanged: () => () => {},
    onChainChanged: () => () => {},
    onDisconnect: () => () => {},
  }
}
