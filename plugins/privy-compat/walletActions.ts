import type { Foyer } from '../../core/client/types.js'
import { BaseError } from '../../core/errors/index.js'
import type { LinkedAccount, User as FoyerUser } from '../../core/protocol/index.js'
import { embeddedWalletsOf } from '../embedded-wallet/index.js'
import type { CreateWalletOptions, SendTransactionModalUIOptions, SignMessageModalUIOptions, SignTypedDataParams, UnsignedTransactionRequest } from './privyRequestTypes.js'
import type { FundWalletConfig, SessionSignerInput } from './privyRequestTypes.js'
import type { Wallet } from './privyUser.js'
import { toPrivyAccount } from './toPrivyUser.js'

/** The options of a signature (which embedded wallet, the sign screen's texts). */
export type SignOptions = { uiOptions?: SignMessageModalUIOptions; address?: string }
/** The options of a transaction (`sponsor` and `fundWalletConfig` are accepted and ignored: see privyNames). */
export type SendOptions = { sponsor?: boolean; uiOptions?: SendTransactionModalUIOptions; fundWalletConfig?: FundWalletConfig; address?: string }

/** A React mouse event, which Privy's functions accept in place of options (`onClick={createWallet}`). */
const isEvent = (value: unknown): boolean => !!value && typeof value === 'object' && ('nativeEvent' in value || 'currentTarget' in value)
const optionsOf = <T,>(value: T) => (isEvent(value) ? undefined : value)

/** The embedded wallet's linked account as Privy's `Wallet`. */
export const toPrivyWallet = (account: LinkedAccount): Wallet => toPrivyAccount(account) as unknown as Wallet

/** The embedded Ethereum wallet of `user` at `address` (default the first) as Privy's `Wallet`, for setWalletRecovery. */
function embeddedWalletOf(user: FoyerUser, address?: string): Wallet {
  const wallets = embeddedWalletsOf(user, 'ethereum')
  const wallet = (address ? wallets.find((w) => w.address?.toLowerCase() === address.toLowerCase()) : undefined) ?? wallets[0]
  if (!wallet) throw new BaseError('No embedded wallet found for user', { code: 'NO_EMBEDDED_WALLET' })
  return toPrivyWallet(wallet)
}

/**
 * The embedded wallet's functions with Privy's parameters and results (`{ signature }`, `{ hash }`, `Wallet`), over the
 * `embeddedWallet()` plugin's `useFoyer()` actions. Without the plugin each rejects with EMBEDDED_WALLET_NOT_LOADED.
 */
export function walletActions(foyer: Foyer) {
  const action = (name: string) => {
    const found = foyer.actions()[name] as ((...args: any[]) => Promise<any>) | undefined
    if (!found) throw new BaseError('Embedded wallets are not enabled', { code: 'EMBEDDED_WALLET_NOT_LOADED', details: 'Set config.embeddedWallets, or add embeddedWallet() to the plugins.' })
    return found
  }
  const call = async (name: string, ...args: unknown[]) => action(name)(...args)
  return {
    createWallet: async (options?: CreateWalletOptions | { nativeEvent: unknown }): Promise<Wallet> => {
      const { signers: _signers, ...rest } = (optionsOf(options) ?? {}) as CreateWalletOptions & { signers?: SessionSignerInput }
      return toPrivyWallet(await call('createWallet', rest))
    },
    importWallet: async (input: { privateKey: string; additionalSigners?: SessionSignerInput }): Promise<Wallet> =>
      toPrivyWallet(await call('importWallet', { privateKey: input?.privateKey })),
    exportWallet: async (options?: { address: string } | { nativeEvent: unknown }): Promise<void> => call('exportWallet', optionsOf(options)),
    setWalletRecovery: async (options?: { recoveryMethod?: 'user-passcode' | 'google-drive' | 'icloud' | 'privy'; address?: string }): Promise<Wallet> => {
      const user = (await call('setWalletRecovery', optionsOf(options) ?? {})) as FoyerUser
      return embeddedWalletOf(user, options?.address)
    },
    signMessage: async (input: { message: string }, options?: SignOptions): Promise<{ signature: string }> => ({
      signature: await call('signMessage', { message: input?.message }, options ?? {}),
    }),
    signTypedData: async (input: SignTypedDataParams, options?: SignOptions): Promise<{ signature: string }> => ({
      signature: await call('signTypedData', input, options ?? {}),
    }),
    sendTransaction: async (input: UnsignedTransactionRequest, options?: SendOptions): Promise<{ hash: `0x${string}` }> => {
      const { hash } = (await call('sendTransaction', input, sendOptions(options))) as { hash: `0x${string}` }
      return { hash }
    },
    signTransaction: async (input: UnsignedTransactionRequest, options?: Pick<SendOptions, 'uiOptions' | 'address'>): Promise<{ signature: `0x${string}` }> =>
      (await call('signTransaction', input, sendOptions(options))) as { signature: `0x${string}` },
  }
}

/** Privy's transaction options as Foyer's (`uiOptions`, `address`). */
function sendOptions(options: SendOptions | undefined) {
  return { ...(options?.uiOptions ? { uiOptions: options.uiOptions } : {}), ...(options?.address ? { address: options.address } : {}) }
}

/** What walletActions answers. */
export type WalletActions = ReturnType<typeof walletActions>
