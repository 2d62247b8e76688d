import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha256'
import { FrameFailure } from '../frameFailure.js'
import { frameCall } from '../frameApi.js'
import { chainKeys, ethereumKeys, solanaKeys } from '../keys/chainKeys.js'
import { isHdSecret } from '../keys/walletSecret.js'
import type { UnlockedWallet, WalletVault } from '../vault/walletVault.js'
import type { FrameKernel, FrameWallet } from './frameHalf.js'

const utf8 = (text: string) => new TextEncoder().encode(text)

/**
 * The kernel frame halves get, over the frame's vault: a wallet handle per unlock (its secret kept here, in a WeakMap
 * only the kernel reads), keys derived for one purpose, and the vault's API target for calls.
 */
export function createFrameKernel(vault: WalletVault): FrameKernel {
  const unlocked = new WeakMap<FrameWallet, UnlockedWallet>()
  const of = (wallet: FrameWallet): UnlockedWallet => {
    const found = unlocked.get(wallet)
    if (!found) throw new FrameFailure('error', 'Unable to connect to wallet')
    return found
  }
  return {
    appId: vault.target.appId,
    async wallet(address, accessToken) {
      const wallet = await vault.wallet(address, accessToken)
      const handle: FrameWallet = Object.freeze({ address: String(address), chainType: wallet.root.chainType, walletIndex: wallet.walletIndex })
      unlocked.set(handle, wallet)
      return handle
    },
    deriveKey(wallet, { salt, info }) {
      const { secret, root } = of(wallet)
      // The wallet's chain keys are loaded (its unlock waited for them); they hold the BIP-39 seed.
      return hkdf(sha256, isHdSecret(secret) ? chainKeys(root.chainType).seedOf(secret) : secret, utf8(salt), utf8(info), 32)
    },
    ethereumSign(wallet, digest) {
      const found = of(wallet)
      if (found.root.chainType !== 'ethereum') throw new FrameFailure('invalid_request_arguments', 'Not an Ethereum wallet')
      const keys = ethereumKeys()
      return keys.signDigest(keys.keyOf(found.secret, found.walletIndex).privateKey, digest)
    },
    solanaKeypair(wallet) {
      const found = of(wallet)
      if (found.root.chainType !== 'solana') throw new FrameFailure('invalid_request_arguments', 'Not a Solana wallet')
      const { address, secretKey } = solanaKeys().keypairOf(found.secret, found.walletIndex)
      return { address, secretKey }
    },
    call: (call, input, accessToken) => frameCall(vault.target, call, input, accessToken),
  }
}
