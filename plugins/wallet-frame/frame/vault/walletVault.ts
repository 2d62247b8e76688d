import { embeddedWalletApi } from '../../api.js'
import { isEthereumAddress, isSolanaAddress, type WalletChainType } from '../../schema.js'
import { fromBase64, toBase64 } from '../base64.js'
import type { DeviceShareStore } from './deviceShareStore.js'
import { FrameFailure } from '../frameFailure.js'
import { frameCall, type FrameApiTarget } from '../frameApi.js'
import { addressOf, chainReady, signCustodyStatement } from '../keys/chainKeys.js'
import type { WalletSecret } from '../keys/walletSecret.js'
import { combineWalletShares, splitWalletSecret } from '../keys/walletShares.js'
import { openRecoveryShare, RecoveryKeyMismatch, sealRecoveryShare } from '../recovery/recoveryEnvelope.js'
import type { RecoveryKeySource } from '../recovery/recoveryKeySource.js'
import { custodyDigest, custodyStatement, kdfDigest } from '../../custodyStatement.js'
import { proveCustody, proveWallets } from './custodyProof.js'
import { pendingCreations } from './pendingCreation.js'

/** The spec's text for a password (or other user-owned key) that doesn't open the recovery share (§8). */
export const INVALID_RECOVERY_PASSWORD = 'Invalid recovery password, please try again.'
/** The spec's refusal of user-owned recovery beside a Solana wallet (§5). */
export const SOLANA_BLOCKS_USER_RECOVERY = 'User-controlled recovery cannot be set for users with a Solana wallet'

/** A root the server described: its wallets (HD index order) and how it recovers. */
interface Root {
  rootId: string
  chainType: WalletChainType
  imported: boolean
  recoveryMethod: string
  wallets: { address: string; walletIndex: number }[]
  /** How long the rebuilt secret may stay in memory: the session's MFA window (null: the user has no MFA). */
  keepForMs?: number | null
  /** false: stored before custody proofs; proven (each wallet signs) the first time this frame unlocks it. */
  proven?: boolean
}

/** An unlocked wallet: the secret of its root (in this frame's memory only) and its index on it. */
export interface UnlockedWallet {
  secret: WalletSecret
  root: Root
  walletIndex: number
}

/** A request's wallet address: 0x + 40 hex or a base58 key, else refused here (no custody call for a malformed one). */
function walletAddress(value: unknown): string {
  if (typeof value !== 'string' || !(isEthereumAddress(value) || isSolanaAddress(value))) throw new FrameFailure('invalid_request_arguments', 'Invalid address')
  return value
}

const same = (chain: WalletChainType, a: string, b: string) => (chain === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b)

/**
 * Starts loading the keys of `address`'s chain while the server's answer is on its way (chainReady, awaited once the
 * answer says the root's chain, then finds them loaded or loading); a failed load is retried there.
 */
const warmChainKeys = (address: string) => void chainReady(isEthereumAddress(address) ? 'ethereum' : 'solana').catch(() => undefined)

/** The address of `walletIndex` of a secret on `chain` (its keys loaded: chainReady). */
export { addressOf }

/**
 * The frame's wallets: creates roots (keygen, split, one server call that stores both server shares, then the
 * device share), unlocks them from the device share and the auth share, recovers them on a new device. Secrets
 * stay in this object's memory; every rebuilt secret is checked against the stored addresses before use.
 */
export function createWalletVault(target: FrameApiTarget, store: DeviceShareStore) {
  const unlocked = new Map<string, UnlockedWallet['secret']>()
  const pending = pendingCreations(store)
  const roots = new Map<string, Root>()

  const expiries = new Map<string, ReturnType<typeof setTimeout>>()
  /** The wallet of `root` at `address` as a custody statement's signer: its address as the server stores it, and its key. */
  const signerAt = (root: Root, secret: WalletSecret, address: string) => {
    const walletIndex = root.wallets.find((w) => same(root.chainType, w.address, address))?.walletIndex ?? 0
    return { address: addressOf(root.chainType, secret, walletIndex), signer: { chain: root.chainType, secret, walletIndex } }
  }

  const remember = (root: Root, secret: WalletSecret, accessToken?: unknown) => {
    for (const wallet of root.wallets) {
      if (!same(root.chainType, addressOf(root.chainType, secret, wallet.walletIndex), wallet.address)) {
        // A share that rebuilds other bytes (corrupted, or of another wallet) gives other addresses: never use it.
        throw new FrameFailure('error', 'Unable to connect to wallet')
      }
    }
    unlocked.set(root.rootId, secret)
    roots.set(root.rootId, root)
    if (root.proven === false) {
      root.proven = true
      // Once per root and frame; a failure (network, a stale token) leaves it for the next unlock.
      void proveWallets(target, root.chainType, root.wallets, secret, accessToken).catch(() => (root.proven = false))
    }
    // With MFA the secret lives as long as the session's verification (§14): then the next use unlocks again, and
    // the server asks for a new verification first.
    clearTimeout(expiries.get(root.rootId))
    expiries.delete(root.rootId)
    if (typeof root.keepForMs === 'number') {
      expiries.set(
        root.rootId,
        setTimeout(() => {
          unlocked.delete(root.rootId)
          expiries.delete(root.rootId)
        }, root.keepForMs),
      )
    }
  }
  const rootOf = (answer: {
    root_id: string
    chain_type: WalletChainType
    imported: boolean
    recovery_method: string
    wallets: { address: string; wallet_index: number }[]
    mfa_valid_for_ms?: number | null
    proven?: boolean
  }): Root => ({
    proven: answer.proven ?? true,
    rootId: answer.root_id,
    chainType: answer.chain_type,
    imported: answer.imported,
    recoveryMethod: answer.recovery_method,
    wallets: answer.wallets.map((w) => ({ address: w.address, walletIndex: w.wallet_index })),
    keepForMs: answer.mfa_valid_for_ms ?? null,
  })
  const cached = (address: string): UnlockedWallet | null => {
    for (const root of roots.values()) {
      const wallet = root.wallets.find((w) => same(root.chainType, w.address, address))
      const secret = unlocked.get(root.rootId)
      if (wallet && secret) return { secret, root, walletIndex: wallet.walletIndex }
    }
    return null
  }

  const vault = {
    /** Where the custody calls go and as which app (the frame's other server calls, e.g. delegation, go there too). */
    target,
    /** Drops every unlocked secret (the user enrolled MFA): the next use unlocks again, after a verification. */
    lockAll() {
      for (const timer of expiries.values()) clearTimeout(timer)
      expiries.clear()
      unlocked.clear()
    },
    /**
     * Creates a wallet root (new, or from an imported key) and its walletIndex 0; answers its address and the user.
     * A new key is kept as a pending creation until the server confirmed it (pendingCreation.ts): a creation that a
     * reload, a closed tab or a dropped connection cut off resumes with the same key and split at the next call.
     */
    async create(chainType: WalletChainType, accessToken: unknown, imported?: WalletSecret) {
      // The chain's keys load (from this origin's cache, after the first time) while the nonce is on its way.
      const [, { nonce, user_id: userId }] = await Promise.all([chainReady(chainType), frameCall(target, embeddedWalletApi.custodyNonce, {}, accessToken)])
      // A new key is the pending creation's (a resumed one), or a new one recorded durably before the call leaves: from
      // then on the server may store this wallet whatever happens to the page.
      const { secret, shares, address } = imported
        ? { secret: imported, shares: await splitWalletSecret(imported), address: addressOf(chainType, imported, 0) }
        : await pending.keyFor(userId, chainType, (key) => addressOf(chainType, key, 0))
      const authShare = toBase64(shares.auth)
      const recoveryShare = toBase64(shares.recovery)
      // The wallet signs what the server will store: its address with these shares, for this user, once.
      const statement = custodyStatement({
        action: 'create',
        appId: target.appId,
        userId,
        address,
        nonce,
        details: { chain_type: chainType, imported: String(Boolean(imported)), auth_share: custodyDigest(authShare), recovery_share: custodyDigest(recoveryShare) },
      })
      // One call stores the root, both server shares and the account: a crash before it leaves nothing, after it a
      // wallet that recovers automatically even if the device share below never lands. A retry of a call that got
      // through is answered with the stored wallet.
      let user
      try {
        user = await frameCall(target, embeddedWalletApi.create, {
          chain_type: chainType,
          address,
          imported: Boolean(imported),
          recovery_method: 'privy',
          auth_share: authShare,
          recovery_share: recoveryShare,
          nonce,
          signature: await signCustodyStatement(chainType, secret, 0, statement),
        }, accessToken)
      } catch (error) {
        // The user's wallet is another one (made elsewhere): this key will never be stored.
        if (!imported && error instanceof FrameFailure && error.code === 'wallet_already_exists') await pending.remove(userId, chainType, address)
        throw error
      }
      const account = user.linkedAccounts.find((a) => a.type === 'wallet' && typeof a.address === 'string' && same(chainType, a.address, address))
      const rootId = typeof account?.rootId === 'string' ? account.rootId : null
      if (!rootId) throw new FrameFailure('error', 'Failed to create wallet')
      await store.put(rootId, shares.device)
      if (!imported) await pending.remove(userId, chainType, address)
      remember({ rootId, chainType, imported: Boolean(imported), recoveryMethod: 'privy', wallets: [{ address, walletIndex: 0 }] }, secret)
      return { address, user }
    },

    /**
     * Unlocks the wallet at `address` with this device's share; `wallet_not_on_device` when there is none, or when the
     * share rebuilds another secret (damaged): that share is dropped, so the host recovers and stores a good one.
     * `purpose: 'export'` tells the server the key is about to be shown (it audits wallet.exported).
     */
    async connect(address: string, accessToken: unknown, purpose?: 'export'): Promise<UnlockedWallet> {
      warmChainKeys(address)
      const answer = await frameCall(target, embeddedWalletApi.authShare, { address, ...(purpose ? { purpose } : {}) }, accessToken)
      const root = rootOf(answer)
      await chainReady(root.chainType)
      // No device share, but this frame's pending creation of this very wallet (the create answer never came back):
      // its device share pairs with the stored auth share, and becomes the device share once it rebuilds the wallet.
      const unfinished = await pending.get(answer.user_id, root.chainType)
      const adopted = unfinished && same(root.chainType, unfinished.address, root.wallets[0]?.address ?? '') ? unfinished.shares.device : null
      const device = (await store.get(root.rootId)) ?? adopted
      if (!device) throw new FrameFailure('wallet_not_on_device', 'Wallet not on device')
      try {
        remember(root, await combineWalletShares(device, fromBase64(answer.auth_share)), accessToken)
      } catch {
        await store.remove(root.rootId)
        if (unfinished) await pending.remove(answer.user_id, root.chainType, unfinished.address)
        throw new FrameFailure('wallet_not_on_device', 'Wallet not on device')
      }
      if (unfinished) {
        if (device === adopted) await store.put(root.rootId, device)
        // Finished now, or (another key) never to be stored: the server's wallet of this chain is this one.
        await pending.remove(answer.user_id, root.chainType, unfinished.address)
      }
      return cached(address)!
    },

    /**
     * Recovers on a new device (automatic 'privy' recovery): rebuilds the secret from the auth and recovery shares,
     * checks it, and keeps the recovery share as this device's share. It is a point of the same split, so it unlocks
     * with the same auth share as every other device's: nothing on the server changes, and no device is cut off.
     * (A re-split would replace the auth share and strand the user's other devices.)
     */
    async recover(requested: unknown, accessToken: unknown): Promise<UnlockedWallet> {
      const address = walletAddress(requested)
      warmChainKeys(address)
      const answer = await frameCall(target, embeddedWalletApi.recover, { address }, accessToken)
      const root = rootOf(answer)
      await chainReady(root.chainType)
      const recovery = fromBase64(answer.recovery_share)
      remember(root, await combineWalletShares(fromBase64(answer.auth_share), recovery), accessToken)
      await store.put(root.rootId, recovery)
      // The user's wallet of this chain is this one (one per chain): a creation this frame never saw confirmed is either
      // this wallet, finished now, or one the server will never store.
      await pending.remove(answer.user_id, root.chainType)
      return cached(address)!
    },

    /**
     * Sets user-owned recovery: on a device with its share, makes a new recovery share (another point of the same
     * split, so the auth share and every device keep working), encrypts it under the method's key, checks that the
     * ciphertext opens and rebuilds this wallet, and stores it; the server drops the old recovery ciphertext in the
     * same transaction. The key and the share are zeroed after use and never leave this frame.
     */
    async setRecovery(requested: unknown, source: RecoveryKeySource, accessToken: unknown) {
      const address = walletAddress(requested)
      warmChainKeys(address)
      const answer = await frameCall(target, embeddedWalletApi.authShare, { address }, accessToken)
      const root = rootOf(answer)
      await chainReady(root.chainType)
      if (root.chainType === 'solana') throw new FrameFailure('invalid_request_arguments', SOLANA_BLOCKS_USER_RECOVERY)
      const device = await store.get(root.rootId)
      if (!device) throw new FrameFailure('wallet_not_on_device', 'Wallet not on device')
      const auth = fromBase64(answer.auth_share)
      remember(root, await combineWalletShares(device, auth), accessToken)
      // The new recovery share is this device's share: a point of the split the auth share belongs to (so every other
      // device keeps working and nothing is re-split), now kept on the server under a key only the user has.
      const recovery = device.slice()
      const binding = { userId: answer.user_id, rootId: root.rootId, method: source.method }
      // A password's key needs the server's evaluation under a new key for this root (kept pending until stored below).
      const evaluate = async (blinded: Uint8Array) =>
        fromBase64((await frameCall(target, embeddedWalletApi.recoveryKey, { address, blinded_element: toBase64(blinded) }, accessToken)).evaluated_element)
      const { key, kdf, verifier } = await source.newKey(evaluate)
      try {
        const sealed = await sealRecoveryShare(key, recovery, binding)
        // What the server will store must rebuild this very wallet with the auth share before the old one is dropped.
        const secret = await combineWalletShares(auth, await openRecoveryShare(key, sealed, binding))
        remember(root, secret, accessToken)
        const verifierText = verifier ? toBase64(verifier) : undefined
        const me = signerAt(root, secret, address)
        const proof = await proveCustody(
          target,
          accessToken,
          ({ userId, nonce }) => ({
            action: 'set_recovery',
            userId,
            address: me.address,
            nonce,
            details: {
              recovery_method: source.method,
              auth_share: custodyDigest(answer.auth_share),
              encrypted_recovery_share: custodyDigest(`${sealed.ciphertext}.${sealed.iv}`),
              kdf: kdfDigest(kdf),
              ...(verifierText ? { verifier: custodyDigest(verifierText) } : {}),
            },
          }),
          [me.signer],
        )
        const user = await frameCall(target, embeddedWalletApi.setRecovery, {
          address,
          recovery_method: source.method,
          encrypted_recovery_share: sealed,
          kdf,
          ...(verifierText ? { verifier: verifierText } : {}),
          nonce: proof.nonce,
          signature: proof.signatures[0]!,
        }, accessToken)
        root.recoveryMethod = source.method
        return { address, user }
      } finally {
        key.fill(0)
        verifier?.fill(0)
        recovery.fill(0)
      }
    },

    /**
     * Back to automatic ('privy') recovery: unlocks the wallet with this device's share and gives the server that share
     * to seal under its own key in place of the user-owned ciphertext (a point of the same split: the auth share and
     * every device keep working). The user's old recovery key opens nothing the server keeps any more.
     */
    async setAutomaticRecovery(requested: unknown, accessToken: unknown) {
      const address = walletAddress(requested)
      warmChainKeys(address)
      const answer = await frameCall(target, embeddedWalletApi.authShare, { address }, accessToken)
      const root = rootOf(answer)
      await chainReady(root.chainType)
      const device = await store.get(root.rootId)
      if (!device) throw new FrameFailure('wallet_not_on_device', 'Wallet not on device')
      const secret = await combineWalletShares(device, fromBase64(answer.auth_share))
      remember(root, secret, accessToken)
      const recoveryShare = toBase64(device)
      const me = signerAt(root, secret, address)
      const proof = await proveCustody(
        target,
        accessToken,
        ({ userId, nonce }) => ({
          action: 'set_automatic_recovery',
          userId,
          address: me.address,
          nonce,
          details: { auth_share: custodyDigest(answer.auth_share), recovery_share: custodyDigest(recoveryShare) },
        }),
        [me.signer],
      )
      const user = await frameCall(target, embeddedWalletApi.setAutomaticRecovery, { address, recovery_share: recoveryShare, nonce: proof.nonce, signature: proof.signatures[0]! }, accessToken)
      root.recoveryMethod = 'privy'
      return { address, user }
    },

    /**
     * Recovers a wallet with user-owned recovery on a new device: fetches the auth share and the encrypted recovery
     * share (each fetch counts against a per-user limit), derives the key, opens the share (a wrong key:
     * `invalid_recovery_pin`), checks the rebuilt addresses and keeps the recovery share as this device's share.
     */
    async recoverWithKey(requested: unknown, source: RecoveryKeySource, accessToken: unknown): Promise<UnlockedWallet> {
      const address = walletAddress(requested)
      const round = source.oprfRecovery?.()
      let answer = await frameCall(target, embeddedWalletApi.recoveryShare, { address, ...(round ? { blinded_element: toBase64(round.blindedElement) } : {}) }, accessToken)
      let key: Uint8Array
      if (answer.kdf.algorithm === 'oprf-argon2id') {
        // The server evaluated the blinded password (and counted it as a guess); the verifier gets the share.
        if (!round || !answer.evaluated_element) throw new FrameFailure('invalid_recovery_pin', INVALID_RECOVERY_PASSWORD)
        const derived = await round.finish(answer.kdf, fromBase64(answer.evaluated_element))
        key = derived.key
        try {
          answer = await frameCall(target, embeddedWalletApi.openRecoveryShare, { address, verifier: toBase64(derived.verifier) }, accessToken)
        } catch (error) {
          key.fill(0)
          throw error
        } finally {
          derived.verifier.fill(0)
        }
      } else {
        key = await source.keyFor(answer.kdf)
      }
      if (!answer.auth_share || !answer.encrypted_recovery_share) throw new FrameFailure('error', 'Unable to recover wallet')
      const root = rootOf(answer)
      await chainReady(root.chainType)
      const binding = { userId: answer.user_id, rootId: root.rootId, method: root.recoveryMethod as RecoveryKeySource['method'] }
      let recovery: Uint8Array
      try {
        recovery = await openRecoveryShare(key, answer.encrypted_recovery_share, binding)
      } catch (error) {
        if (error instanceof RecoveryKeyMismatch) throw new FrameFailure('invalid_recovery_pin', INVALID_RECOVERY_PASSWORD)
        throw error
      } finally {
        key.fill(0)
      }
      remember(root, await combineWalletShares(fromBase64(answer.auth_share), recovery), accessToken)
      await store.put(root.rootId, recovery)
      if (answer.kdf.algorithm === 'argon2id' && source.method === 'user-passcode') {
        // A password set before the OPRF: sealed again now, while the frame has it, under a key the server must evaluate.
        // If this fails the wallet is recovered all the same, and the next password recovery tries again.
        await vault.setRecovery(address, source, accessToken).catch(() => {})
      }
      return cached(address)!
    },

    /** The unlocked wallet at `address`, unlocking it with the device share first when needed. */
    async wallet(address: unknown, accessToken: unknown): Promise<UnlockedWallet> {
      const checked = walletAddress(address)
      return cached(checked) ?? (await vault.connect(checked, accessToken))
    },

    /**
     * The wallet at `address` for the export page, always unlocked anew with the auth share released for an export:
     * every key shown is one `wallet.exported` in the server's audit log.
     */
    async exportWallet(address: unknown, accessToken: unknown): Promise<UnlockedWallet> {
      return vault.connect(walletAddress(address), accessToken, 'export')
    },

    /** Adds the root's next HD wallet (walletIndex 1, 2, …) next to `address`; answers the new address and the user. */
    async add(address: unknown, accessToken: unknown, walletIndex?: unknown) {
      const { secret, root } = await vault.wallet(address, accessToken)
      if (root.imported) throw new FrameFailure('invalid_request_arguments', 'An imported wallet has no additional wallets')
      const next = Math.max(...root.wallets.map((w) => w.walletIndex)) + 1
      if (walletIndex !== undefined && walletIndex !== next) throw new FrameFailure('invalid_request_arguments', `walletIndex must be ${next}`)
      const newAddress = addressOf(root.chainType, secret, next)
      const me = signerAt(root, secret, address as string)
      // The root's wallet and the new one both sign: the server then knows the new address is this root's.
      const proof = await proveCustody(
        target,
        accessToken,
        ({ userId, nonce }) => ({ action: 'add', userId, address: me.address, nonce, details: { new_address: newAddress, wallet_index: String(next) } }),
        [me.signer, { ...me.signer, walletIndex: next }],
      )
      const user = await frameCall(target, embeddedWalletApi.add, {
        address: address as string,
        wallet_index: next,
        new_address: newAddress,
        nonce: proof.nonce,
        signature: proof.signatures[0]!,
        new_address_signature: proof.signatures[1]!,
      }, accessToken)
      root.wallets.push({ address: newAddress, walletIndex: next })
      return { address: newAddress, walletIndex: next, user }
    },
  }
  return vault
}

/** The frame's wallets (createWalletVault). */
export type WalletVault = ReturnType<typeof createWalletVault>
