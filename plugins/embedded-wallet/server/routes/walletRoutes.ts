import { randomUUID } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../../core/server/index.js'
import { embeddedWalletApi, embeddedWalletPaths as paths } from '../../../wallet-frame/index.js'
import { custodyDigest } from '../../../wallet-frame/server.js'
import { AddWalletInputSchema, AuthShareInputSchema, CreateWalletInputSchema, ProveWalletsInputSchema, WalletRefInputSchema } from '../../../wallet-frame/index.js'
import type { CustodyKit } from '../custody/custodyKit.js'
import { walletAccountData, walletRecords as records, type RootRow } from '../custody/walletRecords.js'

/**
 * The wallet routes of the frame: a nonce for a custody write, create (and import), add, and the share releases.
 * Every one needs the device proof of the session's key (ctx.auth.requireDeviceProof / ctx.requireCustody); every
 * write also the wallet's own signature of what it stores (kit.prove).
 */
export function walletRoutes(app: Hono, ctx: ServerContext, kit: CustodyKit): void {
  const { text, at, log } = kit

  app.post(paths.custodyNonce, async (c: Context) => {
    const { userId, appId } = await ctx.auth.requireDeviceProof(c)
    await ctx.body(c, embeddedWalletApi.custodyNonce.input)
    await ctx.enforceRateLimit('embedded_wallets.nonce.user', userId)
    return c.json({ nonce: await kit.nonces.issue(appId, userId), user_id: userId })
  })

  app.post(paths.create, async (c: Context) => {
    const appId = ctx.apps.of(c).id
    const { userId } = await ctx.auth.requireDeviceProof(c)
    const input = await ctx.body(c, CreateWalletInputSchema)
    const wallet = kit.address(input.address, 'address')
    const pair = sharePair(ctx, input.auth_share, input.recovery_share)
    await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
    const root: RootRow = { id: randomUUID(), chain_type: input.chain_type, imported: input.imported, recovery_method: input.recovery_method }
    const owner = { userId, rootId: root.id }
    // Sealed before the transaction: a KMS backend's round trips hold no locks.
    const [auth, recovery] = await Promise.all([kit.shares.seal(owner, 'auth', pair.auth), kit.shares.seal(owner, 'recovery', pair.recovery)])
    // One transaction: a request cut off anywhere leaves no wallet, or a wallet with both shares stored.
    const created = await ctx.db.tx(async (tx): Promise<{ existing: RootRow } | { user: Awaited<ReturnType<typeof ctx.users.get>> }> => {
      await records.lockUser(tx, userId)
      // The address is stored only with its key's signature of these very shares (nobody claims a stranger's address).
      await kit.prove(
        tx,
        c,
        {
          action: 'create',
          userId,
          address: wallet.address,
          nonce: input.nonce,
          details: {
            chain_type: input.chain_type,
            imported: String(input.imported),
            auth_share: custodyDigest(input.auth_share),
            recovery_share: custodyDigest(input.recovery_share),
          },
        },
        [{ chain: input.chain_type, address: wallet.address, signature: input.signature }],
      )
      const roots = await records.roots(tx, userId)
      const existing = roots.find((r) => r.chain_type === root.chain_type)
      // Checked below, outside the transaction (opening a share may be a KMS round trip): a retry of this very creation?
      if (existing) return { existing }
      if (root.chain_type === 'solana' && roots.some((r) => r.chain_type === 'ethereum' && r.recovery_method !== 'privy')) {
        throw new ctx.HttpError(400, 'solana_requires_privy_recovery', 'A Solana wallet needs automatic recovery on the Ethereum wallet')
      }
      await kit.addressFree(tx, appId, userId, wallet)
      const now = at()
      await records.insertRoot(tx, { ...root, appId, userId, at: now })
      await records.putShare(tx, root.id, 'auth', auth, now)
      await records.putShare(tx, root.id, 'recovery', recovery, now)
      const data = walletAccountData({ address: wallet.address, root, walletIndex: 0, chainId: kit.chainIdOf(root) })
      await records.insertAccount(tx, { userId, appId, identifier: wallet.identifier, data, at: now })
      const user = await ctx.users.get(userId, tx)
      const event = { user_id: userId, wallet: { address: wallet.address, chain_type: root.chain_type, imported: root.imported, recovery_method: root.recovery_method } }
      await ctx.events.emit('wallet.created', { appId, userId, data: event, user, db: tx })
      return { user }
    })
    const sameCreation = async (existing: RootRow, sent: typeof input): Promise<boolean> => {
      if (existing.imported !== sent.imported) return false
      const first = (await records.rootWallets(ctx.db, userId, existing.id)).find((w) => w.walletIndex === 0)
      return first?.identifier === wallet.identifier && (await kit.openShare(userId, existing.id, 'auth')) === sent.auth_share
    }
    if ('existing' in created) {
      // The frame resumes a creation whose answer it never got (a reload, a dropped connection) with the key and the
      // split it kept: the same address (its signature checked above) and the same auth share as the stored root. Then
      // the creation did happen: answer the wallet, and the frame stores its device share, which pairs with this auth
      // share. Anything else is a second wallet, refused.
      if (!(await sameCreation(created.existing, input))) throw new ctx.HttpError(400, 'wallet_already_exists', text.WALLET_ALREADY_EXISTS)
      log(`${root.chain_type} wallet creation resumed (already stored)`, userId, created.existing.id)
      return c.json(await ctx.users.get(userId))
    }
    log(`${root.chain_type} wallet created${root.imported ? ' (imported)' : ''}`, userId, root.id)
    return c.json(created.user)
  })

  app.post(paths.add, async (c: Context) => {
    const appId = ctx.apps.of(c).id
    const { userId } = await ctx.auth.requireDeviceProof(c)
    const input = await ctx.body(c, AddWalletInputSchema)
    const next = kit.address(input.new_address, 'new_address')
    await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
    const user = await ctx.db.tx(async (tx) => {
      await records.lockUser(tx, userId)
      const wallet = await kit.walletOf(tx, userId, input.address)
      const { root } = wallet
      if (root.imported) throw new ctx.HttpError(400, 'invalid_wallet_index', 'An imported wallet has only walletIndex 0')
      if (next.chainType !== root.chain_type) throw new ctx.HttpError(400, 'invalid_data', `new_address: Not a ${root.chain_type} address`)
      const wallets = await records.rootWallets(tx, userId, root.id)
      const expected = Math.max(...wallets.map((w) => w.walletIndex)) + 1
      if (input.wallet_index !== expected) throw new ctx.HttpError(400, 'invalid_wallet_index', `wallet_index must be ${expected}, the next free index`)
      // The root's wallet and the new one both sign: the new address is this root's (its secret's holder made it).
      await kit.prove(
        tx,
        c,
        { action: 'add', userId, address: wallet.address, nonce: input.nonce, details: { new_address: next.address, wallet_index: String(expected) } },
        [
          { chain: root.chain_type, address: wallet.address, signature: input.signature },
          { chain: root.chain_type, address: next.address, signature: input.new_address_signature },
        ],
      )
      await kit.addressFree(tx, appId, userId, next)
      const data = walletAccountData({ address: next.address, root, walletIndex: expected, chainId: kit.chainIdOf(root) })
      await records.insertAccount(tx, { userId, appId, identifier: next.identifier, data, at: at() })
      return ctx.users.get(userId, tx)
    })
    return c.json(user)
  })

  /**
   * A root stored before custody proofs: every wallet of it signs one statement (their addresses, the user, a nonce),
   * and from then on its accounts sign in like any other wallet. Nothing else changes.
   */
  app.post(paths.prove, async (c: Context) => {
    const { userId } = await ctx.auth.requireDeviceProof(c)
    const input = await ctx.body(c, ProveWalletsInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
    const user = await ctx.db.tx(async (tx) => {
      await records.lockUser(tx, userId)
      const { root } = await kit.walletOf(tx, userId, input.address)
      const wallets = await records.rootWallets(tx, userId, root.id)
      if (input.signatures.length !== wallets.length) throw new ctx.HttpError(400, 'invalid_data', `signatures: one per wallet of the root (${wallets.length})`)
      await kit.prove(
        tx,
        c,
        { action: 'prove', userId, address: wallets[0]!.address, nonce: input.nonce, details: { wallets: wallets.map((w) => w.address).join(',') } },
        wallets.map((w, i) => ({ chain: root.chain_type, address: w.address, signature: input.signatures[i]! })),
      )
      await records.markProven(tx, userId, root.id)
      return ctx.users.get(userId, tx)
    })
    return c.json(user)
  })

  /**
   * Releases shares of the caller's wallet root to the frame: after the device proof, the MFA check (with an MFA method
   * enrolled a fresh verification, §14) and the route's per-user limit; logged without content. An auth share released
   * for the export page (`purpose: 'export'`) commits `wallet.exported` (the wallet's address and chain, nothing of the
   * key) before it is sent: no event, no share.
   */
  const releaseShares = (path: string, limit: string, what: string, recovery: boolean) =>
    app.post(path, async (c: Context) => {
      const { userId, appId, mfaValidForMs } = await ctx.requireCustody(c)
      const input: { address: string; purpose?: 'export' | undefined } = await ctx.body(c, recovery ? WalletRefInputSchema : AuthShareInputSchema)
      await ctx.enforceRateLimit(limit, userId)
      const wallet = await kit.walletOf(ctx.db, userId, input.address)
      if (recovery && wallet.root.recovery_method !== 'privy') {
        // The client routes to the method's own screen (password, cloud backup) with this code.
        throw new ctx.HttpError(400, 'unsupported_recovery_method', 'This wallet is not recovered automatically', { recovery_method: wallet.root.recovery_method })
      }
      const answer = {
        ...(await kit.describe(ctx.db, userId, wallet, mfaValidForMs)),
        auth_share: await kit.openShare(userId, wallet.root.id, 'auth'),
        ...(recovery ? { recovery_share: await kit.openShare(userId, wallet.root.id, 'recovery') } : {}),
      }
      if (input.purpose === 'export') {
        const data = { user_id: userId, wallet: { address: wallet.address, chain_type: wallet.root.chain_type, imported: wallet.root.imported } }
        await ctx.db.tx((tx) => ctx.events.emit('wallet.exported', { appId, userId, data, c, db: tx }))
      }
      log(input.purpose === 'export' ? `${what} (export)` : what, userId, wallet.root.id)
      kit.released(recovery ? 'automatic_recovery' : 'auth')
      return c.json(answer)
    })
  releaseShares(paths.authShare, 'embedded_wallets.auth_share.user', 'auth share released', false)
  releaseShares(paths.recover, 'embedded_wallets.recover.user', 'auth and recovery shares released (automatic recovery)', true)
}

/** Two shares of one split: same length, distinct non-zero x coordinates (their last byte). */
export function sharePair(ctx: ServerContext, auth: string, recovery: string) {
  const a = Buffer.from(auth, 'base64')
  const r = Buffer.from(recovery, 'base64')
  const x = (s: Buffer) => s[s.length - 1]!
  if (a.length !== r.length || x(a) === 0 || x(r) === 0 || x(a) === x(r)) {
    throw new ctx.HttpError(400, 'invalid_data', 'recovery_share: auth_share and recovery_share must be two shares of one split')
  }
  return { auth: new Uint8Array(a), recovery: new Uint8Array(r) }
}
