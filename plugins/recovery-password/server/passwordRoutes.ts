import { timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import {
  embeddedWalletPaths as paths,
  OpenRecoveryShareInputSchema,
  RecoveryKeyInputSchema,
  unsupportedRecoveryMethod,
  walletRecords as records,
  type CustodyKit,
} from '../../embedded-wallet/server.js'
import { oprfBlindEvaluate, randomOprfScalar } from '../custody/recoveryOprf.js'
import { RECOVERY_PASSWORD_MAX_FAILURES, recoveryPasswordServerErrorTexts as text } from '../passwordConstants.js'
import { passwordGuards as guards } from './passwordGuards.js'
import { verifierHash } from './verifierHash.js'

/**
 * The password's own routes beside the recovery slot's (the slot adds them behind the wallet frame's guard, under
 * /api/v1/embedded_wallets/): a new OPRF key for the root's next password (recovery_key), and the verifier that
 * releases the shares (open_recovery_share). A password never reaches the server, nor anything that confirms a guess
 * offline.
 */
export function passwordRoutes(app: Hono, ctx: ServerContext, kit: CustodyKit): void {
  const { at, log } = kit

  /** A new OPRF key for the root's next password: kept pending, and the blinded password evaluated under it. */
  app.post(paths.recoveryKey, async (c: Context) => {
    const { userId } = await ctx.requireCustody(c)
    const input = await ctx.body(c, RecoveryKeyInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
    const wallet = await kit.walletOf(ctx.db, userId, input.address)
    const key = randomOprfScalar()
    let evaluated: Uint8Array
    try {
      evaluated = oprfBlindEvaluate(key, Buffer.from(input.blinded_element, 'base64'))
    } catch {
      throw new ctx.HttpError(400, 'invalid_data', 'blinded_element: Not a valid group element')
    }
    const sealed = await kit.shares.seal({ userId, rootId: wallet.root.id }, 'oprf', key)
    key.fill(0)
    await guards.putPending(ctx.db, wallet.root.id, sealed, at())
    return c.json({ evaluated_element: Buffer.from(evaluated).toString('base64') })
  })

  /** A password's verifier: when it matches, the guess count starts over and the shares go to the frame. */
  app.post(paths.openRecoveryShare, async (c: Context) => {
    const { userId, mfaValidForMs } = await ctx.requireCustody(c)
    const input = await ctx.body(c, OpenRecoveryShareInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.auth_share.user', userId)
    const wallet = await kit.walletOf(ctx.db, userId, input.address)
    const guard = await guards.get(ctx.db, wallet.root.id)
    const stored = await records.userRecoveryShare(ctx.db, wallet.root.id)
    if (!guard?.verifierHash || !stored) throw unsupportedRecoveryMethod(ctx, 'This wallet has no password', wallet.root.recovery_method)
    const given = Buffer.from(verifierHash(input.verifier), 'hex')
    if (!timingSafeEqual(given, Buffer.from(guard.verifierHash, 'hex'))) {
      const left = Math.max(0, RECOVERY_PASSWORD_MAX_FAILURES - guard.failures)
      throw new ctx.HttpError(400, 'invalid_recovery_pin', text.INVALID_RECOVERY_PIN, { attempts_left: left })
    }
    await guards.reset(ctx.db, wallet.root.id)
    log('auth share and encrypted recovery share released (password recovery)', userId, wallet.root.id)
    kit.released('password_recovery')
    return c.json({
      ...(await kit.describe(ctx.db, userId, wallet, mfaValidForMs)),
      kdf: stored.kdf,
      auth_share: await kit.openShare(userId, wallet.root.id, 'auth'),
      encrypted_recovery_share: { ciphertext: stored.ciphertext, iv: stored.iv },
    })
  })
}
