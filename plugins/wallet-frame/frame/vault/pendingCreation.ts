import type { WalletChainType } from '../../schema.js'
import { fromBase64, toBase64 } from '../base64.js'
import type { DeviceShareStore } from './deviceShareStore.js'
import { newWalletSecret, type WalletSecret } from '../keys/walletSecret.js'
import { combineWalletShares, splitWalletSecret, type WalletShares } from '../keys/walletShares.js'

// An unfinished creation: a key this frame generated for a user's new wallet whose create call it has not seen
// confirmed. Written (durably) before the call, dropped once the device share of the created root is stored, or when
// the server says the user's wallet is another one. While it exists, the next creation for the same user and chain
// resumes with the same split (not a new key): if the first call reached the server, the server answers the wallet it
// stored (walletRoutes.ts `create`), so a reload, a closed tab or a dropped connection never makes a second wallet,
// and the device share that lands pairs with the stored auth share. It is the whole key (three shares), kept like the
// device share (AES-GCM under the frame's non-extractable key, this origin only) for the length of one create call.

/** A pending creation: the generated wallet's address and its split. */
export interface PendingCreation {
  address: string
  shares: WalletShares
}

/** The pending creations of one app's users on this device (in the device share store, under ids no root has). */
export function pendingCreations(store: DeviceShareStore) {
  const idOf = (userId: string, chain: WalletChainType) => `pending-create:${userId}:${chain}`
  const pending = {
    async get(userId: string, chain: WalletChainType): Promise<PendingCreation | null> {
      const bytes = await store.get(idOf(userId, chain))
      if (!bytes) return null
      try {
        const record = JSON.parse(new TextDecoder().decode(bytes)) as { address: string; device: string; auth: string; recovery: string }
        return { address: record.address, shares: { device: fromBase64(record.device), auth: fromBase64(record.auth), recovery: fromBase64(record.recovery) } }
      } catch {
        return null
      } finally {
        bytes.fill(0)
      }
    },
    /** Resolves once the record is durable: only then may the create call leave. */
    async put(userId: string, chain: WalletChainType, creation: PendingCreation): Promise<void> {
      const { device, auth, recovery } = creation.shares
      const bytes = new TextEncoder().encode(JSON.stringify({ address: creation.address, device: toBase64(device), auth: toBase64(auth), recovery: toBase64(recovery) }))
      try {
        await store.put(idOf(userId, chain), bytes)
      } finally {
        bytes.fill(0)
      }
    },
    /**
     * The key of the user's next new wallet on `chain`: the pending creation's, when it still rebuilds its own address
     * (a damaged record is dropped), else a new key, recorded before it is answered.
     */
    async keyFor(userId: string, chain: WalletChainType, addressOf: (secret: WalletSecret) => string): Promise<PendingCreation & { secret: WalletSecret }> {
      const resumed = await pending.get(userId, chain)
      if (resumed) {
        const secret = await combineWalletShares(resumed.shares.device, resumed.shares.auth)
        const rebuilt = addressOf(secret)
        if (chain === 'ethereum' ? rebuilt.toLowerCase() === resumed.address.toLowerCase() : rebuilt === resumed.address) return { ...resumed, secret }
        await store.remove(idOf(userId, chain))
      }
      const secret = newWalletSecret()
      const creation = { address: addressOf(secret), shares: await splitWalletSecret(secret) }
      await pending.put(userId, chain, creation)
      return { ...creation, secret }
    },
    /** Drops the record (only when it is the creation of `address`, if given: another tab may have started its own). */
    async remove(userId: string, chain: WalletChainType, address?: string): Promise<void> {
      if (address !== undefined) {
        const current = await pending.get(userId, chain)
        if (!current || current.address.toLowerCase() !== address.toLowerCase()) return
      }
      await store.remove(idOf(userId, chain))
    },
  }
  return pending
}
