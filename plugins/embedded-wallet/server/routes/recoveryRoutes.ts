import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../../core/server/index.js'
import { embeddedWalletPaths as paths } from '../../../wallet-frame/index.js'
import { custodyDigest, kdfDigest } from '../../../wallet-frame/server.js'
import { oprfBlindEvaluate, randomOprfScalar } from '../../custody/recoveryOprf.js'
import {
  OpenRecoveryShareInputSchema,
  RecoveryKeyInputSchema,
  RecoveryShareInputSchema,
  SetAutomaticRecoveryInputSchema,
  SetRecoveryInputSchema,
  shareBytesOf,
} from '../../../wallet-frame/index.js'
import type { EmbeddedWalletAppConfig } from '../../embeddedWalletAppConfig.js'
import { RECOVERY_PASSWORD_MAX_FAILURES } from '../../walletConstants.js'
import type { CustodyKit } from '../custody/custodyKit.js'
import { passwordGuards as guards } from './passwordGuards.js'
import { sharePair } from './walletRoutes.js'
import { walletRecords as records } from '../custody/walletRecords.js'

/** How long a key made by recovery_key waits for the set_recovery that uses it. */
const PENDING_KEY_TTL_MS = 10 * 60_000

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Recovery routes of the frame: user-owned recovery set and used, and the way back to automatic recovery. A password
 * never reaches the server and neither does anything that confirms a guess offline: its key needs the server's OPRF
 * evaluation (a key per root, sealed under the recovery key), each evaluation counts as a guess until the password's
 * verifier matches, and after RECOVERY_PASSWORD_MAX_FAILURES in a row the server evaluates no more for that wallet —
 * until a session started after the lock (a new login, with MFA when the user has it) asks again.
 */
export function recoveryRoutes(app: Hono, ctx: ServerContext, kit: CustodyKit, pluginId: string): void {
  const { text, at, log } = kit
  const appConfigOf = (c: Context) => ctx.apps.of(c).plugins[pluginId] as EmbeddedWalletAppConfig | undefined
  const locked = () => new ctx.HttpError(429, 'recovery_password_locked', text.RECOVERY_PASSWORD_LOCKED)

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

  /**
   * User-owned recovery: the frame encrypted the root's recovery share under a key only the user can produce (a
   * password's OPRF + argon2id key, or a key in their cloud); it replaces the server-openable ciphertext and sets the
   * method, in one transaction, signed by the wallet. A password's pending OPRF key becomes the root's key.
   */
  app.post(paths.setRecovery, async (c: Context) => {
    const { userId } = await ctx.requireCustody(c)
    const input = await ctx.body(c, SetRecoveryInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.write.user', userId)
    if (!(appConfigOf(c)?.user_owned_recovery_options ?? []).includes(input.recovery_method)) {
      throw new ctx.HttpError(400, 'recovery_method_not_enabled', `This app does not offer ${input.recovery_method} recovery`)
    }
    const { user, rootId } = await ctx.db.tx(async (tx) => {
      await records.lockUser(tx, userId)
      const roots = await records.roots(tx, userId)
      if (roots.some((r) => r.chain_type === 'solana')) throw new ctx.HttpError(400, 'user_owned_recovery_with_solana', text.USER_OWNED_RECOVERY_WITH_SOLANA)
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
      if (input.verifier) {
        const guard = await guards.get(tx, root.id, true)
        if (!guard?.pendingKey || !guard.pendingAt || at().getTime() - guard.pendingAt.getTime() > PENDING_KEY_TTL_MS) {
          throw new ctx.HttpError(400, 'recovery_key_expired', 'No fresh password key for this wallet: start setting the password again')
        }
        await guards.activatePending(tx, root.id, sha256(Buffer.from(input.verifier, 'base64')))
      } else {
        await guards.remove(tx, root.id)
      }
      const share = { ciphertext: input.encrypted_recovery_share.ciphertext, iv: input.encrypted_recovery_share.iv, method: input.recovery_method, kdf: input.kdf }
      await records.putUserRecoveryShare(tx, root.id, share, at())
      await records.setRecoveryMethod(tx, userId, root.id, input.recovery_method)
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
      await guards.remove(tx, wallet.root.id)
      return ctx.users.get(userId, tx)
    })
    log('recovery set to privy (automatic)', userId, wallet.root.id)
    return c.json(user)
  })

  /**
   * User-owned recovery on a new device. A password wallet: the blinded password is evaluated under the root's key
   * and counted as a guess (refused once RECOVERY_PASSWORD_MAX_FAILURES are spent); the answer carries the KDF and the
   * evaluation only. A cloud key (or a password set before the OPRF): the auth share and the ciphertext at once.
   */
  app.post(paths.recoveryShare, async (c: Context) => {
    const { userId, sessionId, mfaValidForMs } = await ctx.requireCustody(c)
    const input = await ctx.body(c, RecoveryShareInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.recovery_share.user', userId)
    const wallet = await kit.walletOf(ctx.db, userId, input.address)
    // Any user-owned method (a password, Google Drive, iCloud): the stored kdf says how the frame gets the key.
    const stored = wallet.root.recovery_method !== 'privy' ? await records.userRecoveryShare(ctx.db, wallet.root.id) : null
    if (!stored) {
      throw new ctx.HttpError(400, 'unsupported_recovery_method', 'This wallet has no user-owned recovery', { recovery_method: wallet.root.recovery_method })
    }
    const described = await kit.describe(ctx.db, userId, wallet, mfaValidForMs)
    if ((stored.kdf as { algorithm?: unknown }).algorithm !== 'oprf-argon2id') {
      log('auth share and encrypted recovery share released (user-owned recovery)', userId, wallet.root.id)
      kit.released('user_recovery')
      return c.json({
        ...described,
        kdf: stored.kdf,
        auth_share: await kit.openShare(userId, wallet.root.id, 'auth'),
        encrypted_recovery_share: { ciphertext: stored.ciphertext, iv: stored.iv },
      })
    }
    if (!input.blinded_element) throw new ctx.HttpError(400, 'invalid_data', 'blinded_element: A password wallet needs the blinded password')
    const blinded = Buffer.from(input.blinded_element, 'base64')
    const evaluated = await ctx.db.tx(async (tx) => {
      const guard = await guards.get(tx, wallet.root.id, true)
      if (!guard?.key) throw new Error(`Embedded wallet root ${wallet.root.id} has a password but no password key`)
      if (guard.failures >= RECOVERY_PASSWORD_MAX_FAILURES) {
        // A session started after the lock (a new login; with MFA, a fresh verification too) gets another round.
        const [session] = await tx.query<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id = $1', [sessionId])
        if (!guard.lockedAt || !session || new Date(session.created_at) <= guard.lockedAt) throw locked()
        await guards.reset(tx, wallet.root.id)
        log('password recovery unlocked by a new login', userId, wallet.root.id)
      }
      const key = await kit.shares.open({ userId, rootId: wallet.root.id }, 'oprf', guard.key)
      try {
        const element = oprfBlindEvaluate(key, blinded)
        // Counted before anything is answered: an evaluation is a guess until its verifier matches.
        const failures = await guards.count(tx, wallet.root.id, RECOVERY_PASSWORD_MAX_FAILURES, at())
        if (failures >= RECOVERY_PASSWORD_MAX_FAILURES) log('password recovery locked (too many wrong passwords)', userId, wallet.root.id)
        return element
      } catch (error) {
        if (error instanceof ctx.HttpError) throw error
        throw new ctx.HttpError(400, 'invalid_data', 'blinded_element: Not a valid group element')
      } finally {
        key.fill(0)
      }
    })
    return c.json({ ...described, kdf: stored.kdf, evaluated_element: Buffer.from(evaluated).toString('base64') })
  })

  /** A password's verifier: when it matches, the guess count starts over and the shares go to the frame. */
  app.post(paths.openRecoveryShare, async (c: Context) => {
    const { userId, mfaValidForMs } = await ctx.requireCustody(c)
    const input = await ctx.body(c, OpenRecoveryShareInputSchema)
    await ctx.enforceRateLimit('embedded_wallets.auth_share.user', userId)
    const wallet = await kit.walletOf(ctx.db, userId, input.address)
    const guard = await guards.get(ctx.db, wallet.root.id)
    const stored = await records.userRecoveryShare(ctx.db, wallet.root.id)
    if (!guard?.verifierHash || !stored) throw new ctx.HttpError(400, 'unsupported_recovery_method', 'This wallet has no password', { recovery_method: wallet.root.recovery_method })
    const given = Buffer.from(sha256(Buffer.from(input.verifier, 'base64')), 'hex')
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
