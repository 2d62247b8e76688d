import type { Wallet, WalletAccount } from '@wallet-standard/base'
import bs58 from 'bs58'
import { walletTexts } from '../../../core/client/wallets/walletErrors.js'
import type { SolanaWalletIdentity } from '../solanaWallet.js'
import { completeSignInInput, signInMessageText, type SolanaSignInInput } from './solanaSignInMessage.js'

/** The Solana clusters the embedded wallet declares (wallet-standard chain ids; 'solana:localnet' too when a configured cluster is local). */
export const SOLANA_STANDARD_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const

/** The features the embedded Solana wallet has. */
export const SOLANA_STANDARD_FEATURES = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
  'solana:signIn',
] as const
/** What each account offers a dapp (standard:* are the wallet's, not an account's). */
const ACCOUNT_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signIn'] as const
/** Legacy and v0 transactions (wallet-standard's `supportedTransactionVersions`). */
const TRANSACTION_VERSIONS = ['legacy', 0] as const

/** How the wallet signs and sends serialized transactions (both through the wallet frame). */
export interface SolanaStandardTransactions {
  /** Signs the serialized transaction with the wallet at `address`; answers the signed bytes. */
  signTransaction(address: string, transaction: Uint8Array): Promise<Uint8Array>
  /** Signs and sends it to `chain` (the send screen when wallet UIs are on); answers the base58 signature. */
  signAndSendTransaction(address: string, transaction: Uint8Array, chain: string | undefined): Promise<string>
}

/** The embedded Solana wallet as dapps see it; `isFoyerWallet` lets the page's own discovery leave it out. */
export interface SolanaStandardWallet extends Wallet {
  readonly isFoyerWallet: true
}

type ChangeListener = (properties: { accounts: readonly WalletAccount[] }) => void
type SignInput = { account: WalletAccount; message: Uint8Array }
type TransactionInput = { account: WalletAccount; transaction: Uint8Array; chain?: string }

const sameList = (a: readonly WalletAccount[], b: readonly WalletAccount[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The embedded Solana wallet as a wallet-standard Wallet ('Foyer Wallet'): `standard:connect`, `standard:disconnect`,
 * `standard:events`, `solana:signMessage` and `solana:signIn` (signed by `sign`, in the wallet frame), and
 * `solana:signTransaction` / `solana:signAndSendTransaction` for legacy and v0 transactions (`transactions`). Its accounts are the signed-in
 * user's embedded Solana wallets, set with `setAddresses` (a 'change' event for each change). Signing in is the
 * user's consent, so connect never prompts; a dapp's disconnect hides the accounts from it until it connects again,
 * and does not sign the user out.
 */
export function createSolanaStandardWallet(
  sign: (address: string, message: Uint8Array) => Promise<Uint8Array>,
  transactions: SolanaStandardTransactions,
  chains: readonly `solana:${string}`[] = SOLANA_STANDARD_CHAINS,
  identity: Pick<SolanaWalletIdentity, 'name' | 'standardIcon'>,
) {
  let addresses: readonly string[] = []
  let authorized = true
  let accounts: readonly WalletAccount[] = []
  const listeners = new Set<ChangeListener>()
  // One account object per address, so a dapp comparing accounts sees the same one across changes.
  const made = new Map<string, WalletAccount>()
  const accountOf = (address: string): WalletAccount => {
    let account = made.get(address)
    if (!account) {
      account = Object.freeze({ address, publicKey: bs58.decode(address), chains, features: ACCOUNT_FEATURES })
      made.set(address, account)
    }
    return account
  }
  const refresh = () => {
    const next = authorized ? addresses.map(accountOf) : []
    if (sameList(next, accounts)) return
    accounts = Object.freeze(next)
    for (const listener of [...listeners]) {
      try {
        listener({ accounts })
      } catch {
        // A dapp's listener that throws must not stop the others.
      }
    }
  }

  const wallet: SolanaStandardWallet = {
    version: '1.0.0',
    name: identity.name,
    icon: identity.standardIcon,
    chains,
    get accounts() {
      return accounts
    },
    isFoyerWallet: true,
    features: {
      'standard:connect': {
        version: '1.0.0',
        // A silent connect only answers what is authorised already.
        async connect(input?: { silent?: boolean }) {
          if (!input?.silent) authorized = true
          refresh()
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          authorized = false
          refresh()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: SignInput[]) {
          const outputs = []
          // One at a time: each signature is a frame request of its own.
          for (const { account, message } of inputs) {
            if (!accounts.some((a) => a.address === account?.address)) throw new Error(walletTexts.notConnected)
            outputs.push({ signedMessage: message, signature: await sign(account.address, message), signatureType: 'ed25519' as const })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: TRANSACTION_VERSIONS,
        async signTransaction(...inputs: TransactionInput[]) {
          const outputs = []
          for (const { account, transaction } of inputs) outputs.push({ signedTransaction: await transactions.signTransaction(connected(account), transaction) })
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: TRANSACTION_VERSIONS,
        async signAndSendTransaction(...inputs: TransactionInput[]) {
          const outputs = []
          for (const { account, transaction, chain } of inputs) {
            if (chain !== undefined && !chains.includes(chain as never)) throw new Error(`The wallet does not reach ${chain}`)
            outputs.push({ signature: bs58.decode(await transactions.signAndSendTransaction(connected(account), transaction, chain)) })
          }
          return outputs
        },
      },
      'solana:signIn': {
        version: '1.0.0',
        // Signing in is the user's own session: the first account signs unless the input names another it holds.
        async signIn(...inputs: SolanaSignInInput[]) {
          const outputs = []
          for (const input of inputs) {
            const account = accounts.find((a) => a.address === (input.address ?? accounts[0]?.address))
            if (!account) throw new Error(walletTexts.notConnected)
            const filled = completeSignInInput(input, account.address, { host: location.host, origin: location.origin })
            const signedMessage = new TextEncoder().encode(signInMessageText(filled))
            outputs.push({ account, signedMessage, signature: await sign(account.address, signedMessage), signatureType: 'ed25519' as const })
          }
          return outputs
        },
      },
    },
  }
  /** The account's address, when the dapp may use it (connected and one of the user's). */
  function connected(account: WalletAccount | undefined): string {
    if (!account || !accounts.some((a) => a.address === account.address)) throw new Error(walletTexts.notConnected)
    return account.address
  }

  return {
    wallet,
    /** The signed-in user's embedded Solana wallets (none when signed out); a new session starts authorised. */
    setAddresses(next: readonly string[]) {
      addresses = [...next]
      if (addresses.length === 0) authorized = true
      refresh()
    },
  }
}
