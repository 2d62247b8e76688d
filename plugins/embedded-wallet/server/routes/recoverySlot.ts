import type { Context, Hono } from 'hono'
import type * as v from 'valibot'
import { refuseCrossSite } from '../../../../core/server/index.js'
import type { Db, ServerContext } from '../../../../core/server/index.js'
import type { EmbeddedWalletAppConfig } from '../../embeddedWalletAppConfig.js'
import type { RecoveryShareInputSchema, SetRecoveryInputSchema } from '../../../wallet-frame/index.js'
import type { CustodyKit } from '../custody/custodyKit.js'
import type { UserRecoveryRow, WalletRow } from '../custody/walletRecords.js'
import { assertWalletFrameOrigin } from '../../../wallet-frame/server.js'

const PLUGIN_ID = 'embedded-wallet'

/**
 * For a recovery method's routes (recovery-google-drive's login…): refuses a request unless the app offers `method`
 * in its embedded-wallet section's `user_owned_recovery_options` (400 recovery_method_not_enabled).
 */
export function assertRecoveryMethodOffered(ctx: Pick<ServerContext, 'apps' | 'HttpError'>, c: Context, method: string): void {
  const config = ctx.apps.of(c).plugins[PLUGIN_ID] as EmbeddedWalletAppConfig | undefined
  if (!(config?.user_owned_recovery_options ?? []).includes(method as never)) {
    throw new ctx.HttpError(400, 'recovery_method_not_enabled', `This app does not offer ${method} recovery`)
  }
}

/**
 * Middleware of routes only the wallet frame calls (the custody routes, a recovery method's login): from the frame's
 * origin only, same site, and for an app with embedded wallets on. Browser hints (a script sets any header): what a
 * token thief can't pass is the device proof the route then asks for.
 */
export function walletFrameRoutes(ctx: ServerContext) {
  return async (c: Context, next: () => Promise<void>) => {
    refuseCrossSite(c)
    assertWalletFrameOrigin(c, ctx)
    if (ctx.apps.of(c).plugins[PLUGIN_ID] === undefined) throw new ctx.HttpError(403, 'embedded_wallets_disabled', 'Embedded wallets are not enabled for this app')
    await next()
  }
}

/** A recovery method's login that failed (400 recovery_oauth_failed): the spec's 'Recovery OAuth failed', or a detail. */
export function recoveryOAuthFailed(ctx: Pick<ServerContext, 'HttpError'>, message = 'Recovery OAuth failed') {
  return new ctx.HttpError(400, 'recovery_oauth_failed', message)
}

/** A recovery method the server has no credentials for (400 recovery_oauth_not_configured). */
export function recoveryOAuthNotConfigured(ctx: Pick<ServerContext, 'HttpError'>, message: string) {
  return new ctx.HttpError(400, 'recovery_oauth_not_configured', message)
}

/** A user-owned method this wallet is under but the server can't serve (400 unsupported_recovery_method, its method named). */
export function unsupportedRecoveryMethod(ctx: Pick<ServerContext, 'HttpError'>, message: string, method: string) {
  return new ctx.HttpError(400, 'unsupported_recovery_method', message, { recovery_method: method })
}

/** set_recovery's body, validated. */
export type SetRecoveryInput = v.InferOutput<typeof SetRecoveryInputSchema>
/** recovery_share's body, validated. */
export type RecoveryShareInput = v.InferOutput<typeof RecoveryShareInputSchema>

/** What each hook of a method's server part gets: the server and the custody kit (records, share store, log). */
export interface RecoverySlotCall {
  ctx: ServerContext
  kit: CustodyKit
}

/** What a method's `releaseShare` gets: the caller, the wallet, its stored user-owned ciphertext and the body. */
export interface RecoveryShareRelease extends RecoverySlotCall {
  userId: string
  sessionId: string
  wallet: WalletRow
  stored: UserRecoveryRow
  input: RecoveryShareInput
}

/**
 * A recovery method's part in the recovery routes (recovery-password's OPRF key, verifier and lock), declared by its
 * server plugin as `frame: { recovery: { methods, server } }`. The hooks run for the plugin's `methods`.
 */
export interface RecoveryMethodServer {
  /** The method's own routes, added by embedded-wallet's routes behind the wallet frame's guard, with the custody kit. */
  routes?(app: Hono, ctx: ServerContext, kit: CustodyKit): void
  /** set_recovery to the method: in its transaction, once the wallet's signature is checked, before the share is stored. */
  onSet?(tx: Db, set: RecoverySlotCall & { userId: string; rootId: string; input: SetRecoveryInput }): Promise<void>
  /** set_recovery to another method, or set_automatic_recovery: in that transaction (the root may never have had it). */
  onLeave?(tx: Db, leave: RecoverySlotCall & { rootId: string }): Promise<void>
  /**
   * recovery_share of a wallet under the method: the answer's fields beside the wallet's description and kdf, in place
   * of the auth share and the ciphertext; null lets the slot release those (a password set before the OPRF).
   */
  releaseShare?(c: Context, release: RecoveryShareRelease): Promise<Record<string, unknown> | null>
}

/** The user-owned methods the server's plugins serve (their `frame.recovery.methods`), and each one's server part. */
export function recoveryMethodServers(ctx: Pick<ServerContext, 'frameHalves'>) {
  const served = new Set<string>()
  const byMethod = new Map<string, RecoveryMethodServer>()
  const all: RecoveryMethodServer[] = []
  for (const half of ctx.frameHalves) {
    if (!half.recovery) continue
    const server = half.recovery.server as RecoveryMethodServer | undefined
    if (server) all.push(server)
    for (const method of half.recovery.methods) {
      served.add(method)
      if (server) byMethod.set(method, server)
    }
  }
  return { served, all, of: (method: string) => byMethod.get(method) }
}

/**
 * Tells the operator about an app offering a user-owned method no plugin of this server serves (its server half not
 * listed, e.g. recoveryPasswordServer()): the app's public config leaves it out and set_recovery refuses it.
 */
export function warnUnservedRecoveryMethods(ctx: ServerContext, pluginId: string): void {
  const { served } = recoveryMethodServers(ctx)
  for (const app of ctx.apps.list()) {
    const offered = (app.plugins[pluginId] as EmbeddedWalletAppConfig | undefined)?.user_owned_recovery_options ?? []
    const missing = offered.filter((method) => !served.has(method))
    if (missing.length) {
      ctx.logger.warn(`[embedded-wallet] app ${app.id} offers ${missing.join(', ')} recovery, which no server plugin serves: not offered (list the method's server half, e.g. recoveryPasswordServer())`)
    }
  }
}
