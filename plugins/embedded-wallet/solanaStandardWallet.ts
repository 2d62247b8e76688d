import type { Wallet, WalletAccount } from '@wallet-standard/base'
import bs58 from 'bs58'
import { walletTexts } from '../../core/client/wallets/walletErrors.js'
import { EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_STANDARD_ICON } from './embeddedWalletInfo.js'

/** The Solana clusters the embedded wallet declares (wallet-standard chain ids). */
export const SOLANA_STANDARD_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const

/** The features the embedded Solana wallet has (transactions aren't signed yet, so not claimed). */
export const SOLANA_STANDARD_FEATURES = ['standard:connect', 'standard:disconnect', 'standard:events', 'solana:signMessage'] as const

/** The embedded Solana wallet as dapps see it; `isFoyerWallet` lets the page's own discovery leave it out. */
export interface SolanaStandardWallet extends Wallet {
  readonly isFoyerWallet: true
}

type ChangeListener = (properties: { accounts: readonly WalletAccount[] }) => void
type SignInput = { account: WalletAccount; message: Uint8Array }

const sameList = (a: readonly WalletAccount[], b: readonly WalletAccount[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The embedded Solana wallet as a wallet-standard Wallet ('Foyer Wallet'): `standard:connect`, `standard:disconnect`,
 * `standard:events` and `solana:signMessage` (signed by `sign`, in the wallet frame). Its accounts are the signed-in
 * user's embedded Solana wallets, set with `setAddresses` (a 'change' event for each change). Signing in is the
 * user's consent, so connect never prompts; a dapp's disconnect hides the accounts from it until it connects again,
 * and does not sign the user out.
 */
export function createSolanaStandardWallet(sign: (address: string, message: Uint8Array) => Promise<Uint8Array>) {
  let addresses: readonly string[] = []
  let authorized = true
  let accounts: readonly WalletAccount[] = []
  const listeners = new Set<ChangeListener>()
  // One account object per address, so a dapp comparing accounts sees the same one across changes.
  const made = new Map<string, WalletAccount>()
  const accountOf = (address: string): WalletAccount => {
    let account = made.get(address)
    if (!account) {
      account = Object.freeze({ address, publicKey: bs58.decode(address), chains: SOLANA_STANDARD_CHAINS, features: ['solana:signMessage'] as const })
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
    name: EMBEDDED_WALLET_NAME,
    icon: EMBEDDED_WALLET_STANDARD_ICON,
    chains: SOLANA_STANDARD_CHAINS,
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
    },
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
