import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+' as const

/** Options of a fake wallet-standard Solana wallet. */
export interface FakeSolanaWalletOptions {
  /** Leave out `solana:signMessage` (a wallet that can't sign in). */
  signMessage?: boolean
  chains?: string[]
  /** Leave out `standard:disconnect`. */
  disconnect?: boolean
}

/** A wallet-standard Solana wallet whose ed25519 key lives in the test; register it with getWallets().register. */
export function fakeSolanaWallet(name: string, opts: FakeSolanaWalletOptions = {}) {
  const secret = ed25519.utils.randomPrivateKey()
  const publicKey = ed25519.getPublicKey(secret)
  const account: WalletAccount = { address: bs58.encode(publicKey), publicKey, chains: ['solana:mainnet'], features: ['solana:signMessage'] }
  let accounts: WalletAccount[] = []
  const listeners = new Set<(p: { accounts?: readonly WalletAccount[] }) => void>()
  const calls = { connect: 0, disconnect: 0, sign: 0, signed: [] as string[] }
  /** Set to make the next signature request fail as a user rejection would. */
  const behaviour = { rejectNextSignature: false }
  const emit = () => listeners.forEach((l) => l({ accounts }))
  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { silent?: boolean }) {
        calls.connect++
        if (!input?.silent) {
          accounts = [account]
          emit()
        }
        return { accounts }
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(_event: 'change', listener: (p: { accounts?: readonly WalletAccount[] }) => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
  }
  if (opts.disconnect !== false) {
    features['standard:disconnect'] = {
      version: '1.0.0',
      async disconnect() {
        calls.disconnect++
        accounts = []
        emit()
      },
    }
  }
  if (opts.signMessage !== false) {
    features['solana:signMessage'] = {
      version: '1.0.0',
      async signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) {
        calls.sign++
        if (behaviour.rejectNextSignature) {
          behaviour.rejectNextSignature = false
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        }
        return inputs.map(({ message }) => {
          calls.signed.push(new TextDecoder().decode(message))
          return { signedMessage: message, signature: ed25519.sign(message, secret) }
        })
      },
    }
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon: ICON,
    chains: (opts.chains ?? ['solana:mainnet', 'solana:devnet']) as Wallet['chains'],
    features: features as Wallet['features'],
    get accounts() {
      return accounts
    },
  }
  return {
    wallet,
    account,
    calls,
    behaviour,
    publicKey,
    icon: ICON,
    /** The wallet switches to other accounts (or none), as its own UI would. */
    setAccounts(next: WalletAccount[]) {
      accounts = next
      emit()
    },
  }
}
