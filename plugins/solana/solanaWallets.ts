import { walletTexts } from '../../core/client/wallets/walletErrors.js'

/** The spec's rule (§5): a Solana wallet must support message signing. */
export const SIGN_MESSAGE_REQUIRED = walletTexts.solanaSignMessageRequired
/** The chain a Solana wallet is on when its account names none the kernel knows. */
export const SOLANA_MAINNET = 'solana:mainnet'

/** A Solana wallet the wallet list names even when it isn't installed. */
export interface NamedSolanaWallet {
  walletClientType: string
  name: string
  installUrl: string
  icon?: string
}

/**
 * Wallet names (as wallets register themselves) → the spec's supported wallet ids. Wallets outside the
 * spec's list get a slug of their name.
 */
const SPEC_IDS: ReadonlyArray<[RegExp, string]> = [
  [/^phantom$/i, 'phantom'],
  [/^coinbase( wallet)?$/i, 'coinbase_wallet'],
  [/^metamask$/i, 'metamask'],
  [/^okx( wallet)?$/i, 'okx_wallet'],
  [/^brave( wallet)?$/i, 'brave_wallet'],
  [/^bybit( wallet)?$/i, 'bybit_wallet'],
  [/^crypto\.?com( (defi )?wallet)?( \| defi wallet)?$/i, 'cryptocom'],
  [/^zerion$/i, 'zerion'],
  [/^rainbow$/i, 'rainbow'],
  [/^uniswap( wallet)?$/i, 'uniswap'],
  [/^rabby( wallet)?$/i, 'rabby_wallet'],
  [/^safe$/i, 'safe'],
]

/** The walletClientType of a wallet-standard wallet: the spec's id where one matches its name, else a slug. */
export function solanaWalletClientType(name: string): string {
  const trimmed = name.trim()
  const known = SPEC_IDS.find(([pattern]) => pattern.test(trimmed))
  if (known) return known[1]
  const slug = trimmed.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '')
  return slug || 'unknown'
}

/** Named Solana wallets of the spec's list: shown (with an install guide) when not installed. */
export const NAMED_SOLANA_WALLETS: Readonly<Record<string, NamedSolanaWallet>> = {
  phantom: { walletClientType: 'phantom', name: 'Phantom', installUrl: 'https://phantom.app/download' },
}

/** The connector id of a Solana wallet (stable across the named placeholder and the installed wallet). */
export const solanaConnectorId = (walletClientType: string) => `solana:${walletClientType}`
