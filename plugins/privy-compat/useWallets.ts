import { useSignals } from '@preact/signals-react/runtime'
import { useMemo } from 'react'
import { unlinkAccount } from '../../core/client/actions/unlinkAccount.js'
import type { Foyer } from '../../core/client/types.js'
import type { ConnectedWallet as FoyerConnectedWallet } from '../../core/client/wallets/types.js'
import type { User as FoyerUser } from '../../core/protocol/index.js'
import { BaseError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { signInWithWallet } from '../siwe/index.js'
import type { FundWalletConfig } from './privyRequestTypes.js'
import type { BaseConnectedSolanaWallet, ConnectedWallet, EIP1193Provider } from './privyWalletTypes.js'
import { toStandardSolanaWallet } from './solanaWallets.js'
import { fundingOptions } from './fundingOptions.js'

/** What Privy's Ethereum and Solana connected wallets share, from Foyer's connected wallet. */
function baseWalletFields(wallet: FoyerConnectedWallet) {
  return {
      address: wallet.address,
      connectedAt: wallet.connectedAt,
      walletClientType: wallet.walletClientType,
      connectorType: wallet.connectorType,
      imported: wallet.imported,
      meta: wallet.meta,
      isConnected: () => wallet.isConnected(),
      disconnect: () => void wallet.disconnect().catch(() => {}),
  }
}

/** Foyer's connected Ethereum wallet as Privy's `ConnectedWallet`: its link state, loginOrLink, unlink, fund. */
export function toConnectedWallet(foyer: Foyer, wallet: FoyerConnectedWallet, user: FoyerUser | null): ConnectedWallet {
  const address = wallet.address.toLowerCase()
  const account = user?.linkedAccounts.find((a) => a.type === 'wallet' && a.address?.toLowerCase() === address)
  return {
    type: 'ethereum',
    ...baseWalletFields(wallet),
    chainId: wallet.chainId,
    switchChain: (chainId) => wallet.switchChain(typeof chainId === 'string' ? Number.parseInt(chainId, 16) : chainId),
    getEthereumProvider: async () => (await wallet.getEthereumProvider()) as EIP1193Provider,
    sign: (message) => wallet.sign(message),
    linked: !!account,
    ...(typeof account?.walletIndex === 'number' ? { walletIndex: account.walletIndex } : {}),
    loginOrLink: async () => {
      if (!foyer.registry.plugin('siwe')) throw new BaseError('Wallet sign-in is not enabled', { code: 'NOT_SUPPORTED', details: 'Add siwe() to the plugins.' })
      const intent = foyer.$session.peek().status === 'authenticated' ? 'link' : 'login'
      await signInWithWallet(foyer, wallet, { intent })
    },
    unlink: async () => {
      await unlinkAccount(foyer, { method: 'wallet', args: [wallet.address] })
    },
    fund: async (config?: FundWalletConfig) => {
      await wallet.fund(fundingOptions(config) as Record<string, unknown>)
    },
  }
}

/** A wallet connectWallet's onSuccess hears: an Ethereum `ConnectedWallet`, or a Solana wallet with its standard `provider`. */
export function toBaseConnectedWallet(foyer: Foyer, wallet: FoyerConnectedWallet): ConnectedWallet | BaseConnectedSolanaWallet {
  if (wallet.type !== 'solana') return toConnectedWallet(foyer, wallet, foyer.$session.peek().user)
  return {
    type: 'solana',
    ...baseWalletFields(wallet),
    provider: toStandardSolanaWallet(foyer, wallet),
  }
}

/** What useWallets answers (Privy's). */
export interface UseWalletsInterface {
  ready: boolean
  wallets: ConnectedWallet[]
}

/** Privy's useWallets: the connected Ethereum wallets (the user's embedded ones first), as Privy's `ConnectedWallet`. */
export function useWallets(): UseWalletsInterface {
  useSignals()
  const foyer = useFoyerKernel()
  const ready = foyer.$ready.value
  const connected = foyer.wallets.$wallets.value
  const user = foyer.$session.value.user
  const wallets = useMemo(() => connected.filter((w) => w.type === 'ethereum').map((w) => toConnectedWallet(foyer, w, user)), [foyer, connected, user])
  return { ready, wallets }
}

/** Privy's getEmbeddedConnectedWallet: the embedded wallet among `wallets` (walletClientType 'privy'), or null. */
export function getEmbeddedConnectedWallet(wallets: ConnectedWallet[]): ConnectedWallet | null {
  return wallets.find((w) => w.walletClientType === 'privy') ?? null
}
