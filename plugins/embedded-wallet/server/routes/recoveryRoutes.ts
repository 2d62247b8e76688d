import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../../core/server/index.js'
import { embeddedWalletPaths as paths } from '../../../wallet-frame/index.js'
import { custodyDigest, kdfDigest } from '../../../wallet-frame/server.js'
import {
  RecoveryShareInputSchema,
  SetAutomaticRecoveryInputSchema,
  SetRecoveryInputSchema,
  shareBytesOf,
} from '../../../wallet-frame/index.js'
import type { EmbeddedWalletAppConfig } from '../../embeddedWalletAppConfig.js'
import type { CustodyKit } from '../custody/custodyKit.js'
import { recoveryMethodServers, unsupportedRecoveryMethod } from './recoverySlot.js'
import { sharePair } from './walletRoutes.js'
import { walletRecords as records } from '../custody/walletRecords.js'

/**
 * The recovery-method slot's routes: a user-owned recovery set and used, and the way back to automatic recovery. What
 * a method needs beyond them (recovery-password's OPRF key per root, its verifier and its lock) is its server part
 * (RecoveryMethodServer, declared in its plugin's `frame.recovery.server`): its routes are added here, behind the same
 * guard, and its hooks run in these routes' transactions.
 */
export function recoveryRoutes(app: Hono, ctx: ServerContext, kit: CustodyKit, pluginId: string): void {
  const { at, log } = kit
  const appConfigOf = (c: Context) => ctx.apps.of(c).plugins[pluginId] as EmbeddedWalletAppConfig | undefined
  const methods = recoveryMethodServers(ctx)
  for (const method of methods.all) method.routes?.(app, ctx, kit)

  /**
   * User-owned recovery: the frame encrypted the root's recovery share under a key only the user can produce (a
   * password's OPRF + argon2id key, or a key in their cloud); it replaces the server-openable ciphertext and sets the
   * method, in one transaction, signed by the wallet. The new method's server part takes its input (a password's
   * pending OPRF key becomes the root's key), the others let the root go. A method no plugin serves is refused.
   */
  app.post(paths.setRecovery, async (c: Context) => {
    const { userId } = await ctx.requireCustody(c)
    const input = await ctx.body(c, SetRecoveryInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
    if (!(appConfigOf(c)?.user_owned_recovery_options ?? []).includes(input.recovery_method)) {
      throw new ctx.HttpError(400, 'recovery_method_not_enabled', `This app does not offer ${input.recovery_method} recovery`)
    }
    if (!methods.served.has(input.recovery_method)) {
      throw new ctx.HttpError(400, 'recovery_method_not_enabled', `This server does not serve ${input.recovery_method} recovery`)
    }
    const { user, rootId } = await ctx.db.tx(async (tx) => {
      await records.lockUser(tx, userId)
      const roots = await records.roots(tx, userId)
      if (roots.some((r) => r.chain_type === 'solana')) throw new ctx.HttpError(400, 'user_owned_recovery_with_solana', kit.text.USER_OWNED_RECOVERY_WITH_SOLANA)
      const wallet = await kit.walletOf(tx, userId, input.address)
      const { root } = wallet
      const expected = Math.ceil((shareBytesOf(root.imported) + 16) / 3) * 4
      if (input.encrypted_recovery_share.ciphertext.length !== expected) {
        throw new ctx.HttpError(400, 'invalid_data', 'encrypted_recovery_share: ciphertext has the wrong length for this wallet')
      }
      await kit.prove(
        tx,
        c,
        {
          action: 'set_recovery',
          userId,
          address: wallet.address,
          nonce: input.nonce,
          details: {
            recovery_method: input.recovery_method,
            auth_share: custodyDigest(await kit.openShare(userId, root.id, 'auth', tx)),
            encrypted_recovery_share: custodyDigest(`${input.encrypted_recovery_share.ciphertext}.${input.encrypted_recovery_share.iv}`),
            kdf: kdfDigest(input.kdf),
            ...(input.verifier ? { verifier: custodyDigest(input.verifier) } : {}),
          },
        },
        [{ chain: root.chain_type, address: wallet.address, signature: input.signature }],
      )
      const chosen = methods.of(input.recovery_method)
      for (const method of methods.all) {
        if (method === chosen) await method.onSet?.(tx, { ctx, kit, userId, rootId: root.id, input })
        else await method.onLeave?.(tx, { ctx, kit, rootId: root.id })
      }
      const share = { ciphertext: input.encrypted_recovery_share.ciphertext, iv: input.encrypted_recovery_share.iv, method: input.recovery_method, kdf: input.kdf }
      await records.putUserRecoveryShare(tx, root.id, share, at())
      await records.setRecoveryMethod(tx, userId, root.id, input.recovery_method)
      const data = { user_id: userId, wallet: { address: wallet.address, chain_type: root.chain_type }, recovery_method: input.recovery_method, previous_recovery_method: root.recovery_method }
      await ctx.events.emit('wallet.recovery_changed', { appId: ctx.apps.of(c).id, userId, data, db: tx })
      return { user: await ctx.users.get(userId, tx), rootId: root.id }
    })
    log(`recovery set to ${input.recovery_method}`, userId, rootId)
    return c.json(user)
  })

  /**
   * Back to automatic recovery ('Automatically secure your account'): the frame, holding the unlocked wallet, sends a
   * share of its split, signed by the wallet with the auth share's digest; the server checks it pairs with the auth
   * share, seals it under its own key in place of the user-owned ciphertext and sets the method, in one transaction.
   */
  app.post(paths.setAutomaticRecovery, async (c: Context) => {
    const { userId } = await ctx.requireCustody(c)
    const input = await ctx.body(c, SetAutomaticRecoveryInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
    const wallet = await kit.walletOf(ctx.db, userId, input.address)
    const owner = { userId, rootId: wallet.root.id }
    const authShare = await kit.openShare(userId, wallet.root.id, 'auth')
    const pair = sharePair(ctx, authShare, input.recovery_share)
    const sealed = await kit.shares.seal(owner, 'recovery', pair.recovery)
    const user = await ctx.db.tx(async (tx) => {
      await records.lockUser(tx, userId)
      await kit.prove(
        tx,
        c,
        { action: 'set_automatic_recovery', userId, address: wallet.address, nonce: input.nonce, details: { auth_share: custodyDigest(authShare), recovery_share: custodyDigest(input.recovery_share) } },
        [{ chain: wallet.root.chain_type, address: wallet.address, signature: input.signature }],
      )
      await records.putShare(tx, wallet.root.id, 'recovery', sealed, at())
      await records.setRecoveryMethod(tx, userId, wallet.root.id, 'privy')
      for (const method of methods.all) await method.onLeave?.(tx, { ctx, kit, rootId: wallet.root.id })
      const data = { user_id: userId, wallet: { address: wallet.address, chain_type: wallet.root.chain_type }, recovery_method: 'privy', previous_recovery_method: wallet.root.recovery_method }
      await ctx.events.emit('wallet.recovery_changed', { appId: ctx.apps.of(c).id, userId, data, db: tx })
      return ctx.users.get(userId, tx)
    })
    log('recovery set to privy (automatic)', userId, wallet.root.id)
    return c.json(user)
  })

  /**
   * User-owned recovery on a new device: the auth share and the ciphertext at once (a cloud key, or a password set
   * before the OPRF), or what the wallet's method answers in their place (a password: the evaluation of the blinded
   * password, counted as a guess; the shares follow the matching verifier on its own route).
   */
  app.post(paths.recoveryShare, async (c: Context) => {
    const { userId, sessionId, mfaValidForMs } = await ctx.requireCustody(c)
    const input = await ctx.body(c, RecoveryShareInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.recovery_share.user', userId)
    const wallet = await kit.walletOf(ctx.db, userId, input.address)
    // Any user-owned method (a password, Google Drive, iCloud): the stored kdf says how the frame gets the key.
    const stored = wallet.root.recovery_method !== 'privy' ? await records.userRecoveryShare(ctx.db, wallet.root.id) : null
    if (!stored) throw unsupportedRecoveryMethod(ctx, 'This wallet has no user-owned recovery', wallet.root.recovery_method)
    if (!methods.served.has(wallet.root.recovery_method)) {
      throw unsupportedRecoveryMethod(ctx, `This server does not serve ${wallet.root.recovery_method} recovery`, wallet.root.recovery_method)
    }
    const described = await kit.describe(ctx.db, userId, wallet, mfaValidForMs)
    const answered = await methods.of(wallet.root.recovery_method)?.releaseShare?.(c, { ctx, kit, userId, sessionId, wallet, stored, input })
    if (answered) return c.json({ ...described, kdf: stored.kdf, ...answered })
    log('auth share and encrypted recovery share released (user-owned recovery)', userId, wallet.root.id)
    kit.released('user_recovery')
    return c.json({
      ...described,
      kdf: stored.kdf,
      auth_share: await kit.openShare(userId, wallet.root.id, 'auth'),
      encrypted_recovery_share: { ciphertext: stored.ciphertext, iv: stored.iv },
    })
  })
}
