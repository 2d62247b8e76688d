import { FrameFailure } from '../frameFailure.js'
import { addressOf, type UnlockedWallet, type WalletVault } from '../vault/walletVault.js'
import { isHdSecret, newWalletSecret, type WalletSecret } from '../keys/walletSecret.js'
import type { WalletChainType } from '../../schema.js'
import { createFrameKernel } from './frameKernel.js'
import { provideChainKeys } from '../keys/chainKeys.js'
import { ethereumKeys } from '../ethereum/ethereumKeys.js'
import { solanaKeys } from '../solana/solanaKeys.js'
import type { FrameKernel } from './frameHalf.js'

/** What testFrameKernel's kernel holds: one root's secret on one chain. */
export interface TestFrameKernelOptions {
  /** A wallet root's secret (16 bytes of BIP-39 entropy, or a 32-byte imported key); default a new one. */
  secret?: WalletSecret
  chainType?: WalletChainType
  /** Answers the kernel's `call`s (default: refuses every call). */
  call?: FrameKernel['call']
  appId?: string
}

/**
 * A frame kernel for a frame half's unit tests, with no server and no frame: `wallet(address)` unlocks the root's wallet
 * at `address` (its walletIndex found among the first 10 of an HD root) as the real kernel would, and `addressAt(i)` tells the
 * addresses. Keys come from the real key API, so a half's derivations are tested as they run in the frame.
 */
export function testFrameKernel(options: TestFrameKernelOptions = {}): FrameKernel & { addressAt(walletIndex: number): string } {
  // The frame loads each chain's keys at its first wallet of that chain; a test kernel has them at once.
  provideChainKeys('ethereum', ethereumKeys)
  provideChainKeys('solana', solanaKeys)
  const secret = options.secret ?? newWalletSecret()
  const chainType = options.chainType ?? 'ethereum'
  // An imported key is one wallet (walletIndex 0); an HD root has many.
  const addresses = Array.from({ length: isHdSecret(secret) ? 10 : 1 }, (_, i) => addressOf(chainType, secret, i))
  const vault = {
    target: { appId: options.appId ?? 'test_app', apiUrl: 'http://localhost', device: null },
    async wallet(address: unknown): Promise<UnlockedWallet> {
      const walletIndex = addresses.indexOf(String(address))
      if (walletIndex < 0) throw new FrameFailure('wallet_not_on_device', 'Wallet not on device')
      return { secret, walletIndex, root: { rootId: 'test', chainType, imported: !isHdSecret(secret), recoveryMethod: 'privy', wallets: addresses.map((a, i) => ({ address: a, walletIndex: i })) } }
    },
  } as unknown as WalletVault
  const kernel = createFrameKernel(vault)
  return {
    ...kernel,
    call: options.call ?? (async () => Promise.reject(new FrameFailure('error', 'No server in testFrameKernel'))),
    addressAt: (walletIndex) => addresses[walletIndex]!,
  }
}
